# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# A Debian package of what `cmake --install` installs: the tool, the public
# headers, the runtimes this build made, the CMake package and the licence
# (docs/packaging.md). In a build tree: `cpack -G DEB`; the source package:
# `cpack --config CPackSourceConfig.cmake` (or the package_source target).
# Included at the end of the top-level CMakeLists.txt, after every install().

set(CPACK_PACKAGE_NAME "qd-translate")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "qd-translate developers")
set(CPACK_PACKAGE_CONTACT "qd-translate developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "translator from annotated C++ to CUDA/HIP, with a stream-pool runtime")
set(CPACK_GENERATOR "DEB")
# The .deb installs under /usr. Set per generator (CPACK_PROJECT_CONFIG_FILE
# is read once per generator at cpack time): set here, the prefix would
# apply to the source package too and put its files under usr/.
set(CPACK_PROJECT_CONFIG_FILE "${PROJECT_BINARY_DIR}/QdCPackProjectConfig.cmake")
file(CONFIGURE OUTPUT "${CPACK_PROJECT_CONFIG_FILE}" CONTENT [[
# Written by cmake/QdPackaging.cmake.
if(CPACK_GENERATOR STREQUAL "DEB")
  set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
endif()
]])

# The licence: Apache-2.0 WITH LLVM-exception (LICENSE). Nothing under
# third_party/ is installed or packaged (tests/licence checks it).
set(QD_LICENSE_SPDX "Apache-2.0 WITH LLVM-exception")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_RPM_PACKAGE_LICENSE "${QD_LICENSE_SPDX}")
# A Debian control file has no licence field: the package says it in
# /usr/share/doc/qd-translate/copyright, in Debian's machine-readable format
# (https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/), with
# the licence's full text. `cmake --install` installs it too, with LICENSE,
# in <prefix>/share/doc/qd-translate/.
file(READ "${PROJECT_SOURCE_DIR}/LICENSE" qd_license_text)
string(REGEX REPLACE "\n+$" "" qd_license_text "${qd_license_text}")
# Continuation lines start with a space; an empty line is " .". Run twice:
# a replacement consumes the newline that starts the next empty line.
string(REPLACE "\n" "\n " qd_license_text " ${qd_license_text}")
string(REPLACE "\n \n" "\n .\n" qd_license_text "${qd_license_text}")
string(REPLACE "\n \n" "\n .\n" qd_license_text "${qd_license_text}")
set(qd_copyright "${PROJECT_BINARY_DIR}/copyright")
file(WRITE "${qd_copyright}.tmp"
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: qd-translate
Upstream-Contact: qd-translate developers
Source: the qd-translate source package, qd-translate-${PROJECT_VERSION}-Source.tar.gz
 (cpack --config CPackSourceConfig.cmake in a build tree). It leaves out
 third_party/, code of others under their own licences that is used by the
 samples and tests only; none of it is in this package.

Files: *
Copyright: 2026 qd-translate developers
License: ${QD_LICENSE_SPDX}
${qd_license_text}
")
# Rewritten only when it changed, so that a reconfigure does not reinstall it.
file(COPY_FILE "${qd_copyright}.tmp" "${qd_copyright}" ONLY_IF_DIFFERENT)
file(REMOVE "${qd_copyright}.tmp")
install(FILES "${qd_copyright}" "${PROJECT_SOURCE_DIR}/LICENSE"
        DESTINATION "${CMAKE_INSTALL_DOCDIR}")

# package_source: the tracked sources of the project, without third_party/
# (its licences are not ours), build trees, the VCS, scratch and the GPU
# stage. The patterns are regular expressions matched against absolute
# paths; CPACK_VERBATIM_VARIABLES writes them to CPackSourceConfig.cmake as
# they are here (without it, CPack would unescape them once more).
set(CPACK_VERBATIM_VARIABLES TRUE)
string(REGEX REPLACE "([][+.*()^$?|\\{}])" "\\\\\\1" qd_src_re "${PROJECT_SOURCE_DIR}")
set(CPACK_SOURCE_GENERATOR "TGZ")
set(CPACK_SOURCE_PACKAGE_FILE_NAME "qd-translate-${PROJECT_VERSION}-Source")
set(CPACK_SOURCE_IGNORE_FILES
    "^${qd_src_re}/third_party(/|$)"
    "^${qd_src_re}/build[^/]*(/|$)"
    "^${qd_src_re}/scratch(/|$)"
    "^${qd_src_re}/\\.device-stage(/|$)"
    "^${qd_src_re}/\\.device-stage\\.tar\\.xz$"
    "/\\.git(/|$)"
    "/__pycache__(/|$)")

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
