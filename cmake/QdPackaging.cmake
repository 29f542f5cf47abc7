# A Debian package of what `cmake --install` installs: the tool, the public
# headers, the runtimes this build made and the CMake package
# (docs/packaging.md). In a build tree: `cpack -G DEB`.
# Included at the end of the top-level CMakeLists.txt, after every install().

set(CPACK_PACKAGE_NAME "qd-translate")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "qd-translate developers")
set(CPACK_PACKAGE_CONTACT "qd-translate developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "translator from annotated C++ to CUDA/HIP, with a stream-pool runtime")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_GENERATOR "DEB")

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # qd-translate_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "qd-translate developers")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")

set(qd_deb_description "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}
qd-translate is a Clang-based source-to-source translator: plain C++17 with
'#pragma qd kernel' and '#pragma qd stream_parallel' becomes CUDA (.cu), HIP
(.hip) or serial/OpenMP C++ (.cpu.cpp), in which each parallel loop is a
kernel launch and each stream_parallel block runs on its own pooled stream.
.
This package holds the qd-translate tool, the headers of the qd runtime
(qd/qd.h), the static runtime libraries this build made (qd::runtime_cpu, and
qd::runtime_cuda or qd::runtime_hip when built) and the CMake package, so that
find_package(QdTranslate) and qd_translate_sources() work.")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "${qd_deb_description}")

# Run-time dependencies on Debian 12. The tool links Clang's and LLVM's shared
# libraries (libclang-cpp.so.19.1: libclang-cpp19; libLLVM.so.19.1:
# libllvm19) and parses with clang's resource headers (stddef.h, ...:
# libclang-common-19-dev, found at /usr/lib/llvm-19/lib/clang/19 by
# translator/driver/ResourceDir.cpp). The versions are those dpkg-shlibdeps gives
# for the installed tool built on Debian 12.
# The CMake package needs CMake 3.25, as this project does. The CUDA and HIP
# toolkits are not Debian dependencies: a project that uses qd::runtime_cuda
# or qd::runtime_hip finds them itself (find_dependency in the config file).
set(qd_deb_depends "cmake (>= 3.25)")
if(QD_BUILD_TRANSLATOR)
  string(PREPEND qd_deb_depends
    "libc6 (>= 2.34), libgcc-s1 (>= 3.0), libstdc++6 (>= 11), "
    "libclang-cpp19 (>= 1:19.1.7), libllvm19, libclang-common-19-dev, ")
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${qd_deb_depends}")

include(CPack)
