# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sanitizer and fuzzer builds (docs/testing.md, "Sanitizers and fuzzing").
#
#   QD_SANITIZE      a -fsanitize= list, e.g. "address,undefined": every C and
#                    C++ target of this tree (translator library, tool, runtime,
#                    tests) is compiled and linked with it, with
#                    -fno-sanitize-recover=all -fno-omit-frame-pointer.
#   QD_BUILD_FUZZER  qd_translator is compiled with -fsanitize=fuzzer-no-link
#                    and tests/fuzz builds translate_fuzzer. Needs Clang and a
#                    QD_SANITIZE that includes address or undefined: their
#                    runtimes provide the coverage callbacks that the
#                    instrumented library calls from the tool and unit tests.
#
# LLVM is built without RTTI and the translator with -fno-rtti, so UBSan's
# vptr check is off for the translator (Clang drops it silently).

set(QD_SANITIZE "" CACHE STRING
    "Sanitizers for every C/C++ target, as for -fsanitize= (e.g. address,undefined); empty: none")
option(QD_BUILD_FUZZER "Build the libFuzzer target tests/fuzz (needs Clang and QD_SANITIZE)" OFF)

if(QD_SANITIZE)
  set(qd_sanitize_flags "-fsanitize=${QD_SANITIZE}" -fno-sanitize-recover=all
                        -fno-omit-frame-pointer)
  message(STATUS "qd-translate: sanitizers: ${QD_SANITIZE}")
  add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:${qd_sanitize_flags}>")
  add_link_options("$<$<LINK_LANGUAGE:C,CXX>:-fsanitize=${QD_SANITIZE}>")
endif()

if(QD_BUILD_FUZZER)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "QD_BUILD_FUZZER needs Clang as the C++ compiler "
                        "(e.g. -DCMAKE_CXX_COMPILER=clang++-19), not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  if(NOT QD_SANITIZE MATCHES "address|undefined")
    message(FATAL_ERROR "QD_BUILD_FUZZER needs QD_SANITIZE with address or undefined "
                        "(e.g. -DQD_SANITIZE=address,undefined)")
  endif()
  if(NOT QD_BUILD_TRANSLATOR OR NOT QD_BUILD_TESTS)
    message(FATAL_ERROR "QD_BUILD_FUZZER needs QD_BUILD_TRANSLATOR and QD_BUILD_TESTS")
  endif()
endif()

# Coverage instrumentation for the code the fuzzer explores; called by
# translator/CMakeLists.txt. Clang's own libraries are not instrumented, so
# libFuzzer is guided by coverage of our code only.
function(qd_fuzzer_instrument target)
  if(QD_BUILD_FUZZER)
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
  endif()
endfunction()
