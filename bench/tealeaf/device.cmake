# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# TeaLeaf's executables on the GPU machine (bench/tealeaf/README.md), included
# by tests/gpu/device/CMakeLists.txt, built only when named (run_on_device.sh's
# `bench tealeaf`, and its correctness stage's tealeaf.check_*), from what
# bench/tealeaf/stage.sh staged in QD_STAGE/tealeaf/ and from third_party/
# (code of others, built for the suite and never installed):
#   tealeaf.serial            the port as g++ reads it (pragmas ignored): the
#                             reference of the 4000x4000 runs, run with mpirun
#   tealeaf.qd_stream         the port translated for CUDA (samples/tealeaf's
#                             tealeaf_cuda), and tealeaf.qd_graph with --graphs
#   tealeaf.check_stream      the same two without TEALEAF_BENCH_CUDA (no device
#   tealeaf.check_graph       synchronization around the solves: the program as
#                             users build it), for the correctness stage; they
#                             need only the stage and third_party/tealeaf/
#   tealeaf.c66cafb           upstream's driver with upstream's CUDA kernels
#                             (third_party/tealeaf_cuda/c66cafb), as its
#                             Makefile builds KERNELS=cuda
#   tealeaf.c66cafb_syncwarp  the same with a __syncwarp() per warp step of
#                             its block reduction
# Every one is built from the driver with the bench patch (staged
# patched/driver/diffuse.c), which prints the four field sums after every
# step; the benchmark's GPU ones synchronize the device around each solve
# (TEALEAF_BENCH_CUDA). Upstream HEAD's CUDA version is built by
# bench/tealeaf/run.py with HEAD's own CMake. All compile the driver's C as
# C++ with this build's Release flags (-O3), as samples/tealeaf does.

# tealeaf_bench_executable(<name> <tree> <sources>...): the driver's C
# compiled as C++ with MPI, the tree's folders on the include path.
function(tealeaf_bench_executable name tree)
  set_source_files_properties(${ARGN} PROPERTIES LANGUAGE CXX)
  add_executable(${name} EXCLUDE_FROM_ALL ${ARGN})
  target_include_directories(${name} PRIVATE "${tree}" "${tree}/c_kernels/serial")
  target_compile_features(${name} PRIVATE cxx_std_17)
  target_link_libraries(${name} PRIVATE MPI::MPI_CXX)
endfunction()

# In a function: its variables stay out of the including file.
function(tealeaf_bench_targets)
  set(tl_stage "${QD_STAGE}/tealeaf")
  if(NOT EXISTS "${tl_stage}/stage-info.txt" OR NOT EXISTS "${QD_REPO}/third_party/tealeaf/qd")
    return()
  endif()
  if(NOT MPI_CXX_FOUND)
    message(STATUS "qd_gpu_suite: MPI not found; TeaLeaf is not built")
    return()
  endif()
  find_package(CUDAToolkit REQUIRED)
  set(tl_src "${QD_REPO}/third_party/tealeaf")
  set(tl_cuda "${QD_REPO}/third_party/tealeaf_cuda")
  set(tl_driver main.c chunk.c comms.c initialise.c parse_config.c profiler.c
      settings.c shared.c drivers/cg_driver.c drivers/cheby_driver.c
      drivers/eigenvalue_driver.c drivers/field_summary_driver.c
      drivers/halo_update_driver.c drivers/jacobi_driver.c
      drivers/kernel_initialise_driver.c drivers/ppcg_driver.c
      drivers/remote_halo_driver.c drivers/set_chunk_data_driver.c
      drivers/set_chunk_state_driver.c drivers/solve_finished_driver.c
      drivers/store_energy_driver.c)
  set(tl_kernels cg.c cheby.c field_summary.c jacobi.c kernel_initialise.c
      kernel_interface.c local_halos.c pack_halos.c ppcg.c set_chunk_data.c
      set_chunk_state.c solver_methods.c store_energy.c)
  list(TRANSFORM tl_kernels PREPEND c_kernels/serial/)
  # The port's files that hold directives (samples/tealeaf/CMakeLists.txt's
  # TEALEAF_QD_SOURCES: every kernel file, chunk.c, remote_halo_driver.c) are
  # staged translated, as <stem>.cu.
  set(tl_translated ${tl_kernels} chunk.c drivers/remote_halo_driver.c)
  set(tl_diffuse "${tl_stage}/patched/driver/diffuse.c")
  set_source_files_properties("${tl_diffuse}" PROPERTIES LANGUAGE CXX)

  # --- the serial reference ---
  list(TRANSFORM tl_driver PREPEND "${tl_src}/qd/" OUTPUT_VARIABLE serial_sources)
  list(TRANSFORM tl_kernels PREPEND "${tl_src}/qd/" OUTPUT_VARIABLE serial_kernels)
  tealeaf_bench_executable(tealeaf.serial "${tl_src}/qd" ${serial_sources} ${serial_kernels}
    "${tl_diffuse}")
  target_compile_options(tealeaf.serial PRIVATE -Wno-unknown-pragmas)

  # --- the port, translated: stream and graph mode, for the benchmark (qd_)
  # and for the correctness stage (check_) ---
  foreach(mode_kind stream:qd graph:qd stream:check graph:check)
    string(REPLACE ":" ";" mode_kind "${mode_kind}")
    list(GET mode_kind 0 mode)
    list(GET mode_kind 1 kind)
    set(name tealeaf.${kind}_${mode})
    set(gen "${tl_stage}/qd_${mode}")
    set(plain ${tl_driver})
    list(REMOVE_ITEM plain ${tl_translated})
    set(cu)
    foreach(t IN LISTS tl_translated)
      get_filename_component(stem "${t}" NAME_WE)
      list(APPEND cu "${gen}/${stem}.cu")
    endforeach()
    list(TRANSFORM plain PREPEND "${tl_src}/qd/")
    tealeaf_bench_executable(${name} "${tl_src}/qd" ${plain} "${tl_diffuse}")
    target_sources(${name} PRIVATE ${cu})
    set_source_files_properties(${cu} PROPERTIES LANGUAGE CUDA)
    # Quoted includes of the annotated sources ("../comms.h" in drivers/) must
    # resolve from the staged copies, as qd_translate_sources() arranges.
    target_include_directories(${name} PRIVATE "${tl_src}/qd/drivers" "${gen}/include")
    # As the suite builds generated code: warnings are errors (a warning on
    # generated code has hidden a wrong result on the GPU).
    target_compile_options(${name} PRIVATE
      "$<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr>"
      "$<$<COMPILE_LANGUAGE:CUDA>:SHELL:-Werror all-warnings>")
    if(kind STREQUAL "qd")
      target_compile_definitions(${name} PRIVATE TEALEAF_BENCH_CUDA)
    endif()
    target_link_libraries(${name} PRIVATE qd::runtime_cuda CUDA::cudart)
    set_target_properties(${name} PROPERTIES CUDA_RUNTIME_LIBRARY Shared)
  endforeach()

  # Upstream's CUDA needs third_party/tealeaf_cuda (a source package has none).
  if(NOT EXISTS "${tl_cuda}")
    return()
  endif()

  # --- upstream's CUDA kernels at c66cafb, and the same with __syncwarp ---
  # Each in a copy of upstream's layout (2d/ with c_kernels/cuda/), which the
  # kernels' "../../kernel_interface.h" includes need, made here: copies of
  # the unchanged files, then the staged patched ones (copied only when they
  # differ, so that a second configure rebuilds nothing).
  foreach(variant c66cafb c66cafb_syncwarp)
    set(tree "${CMAKE_CURRENT_BINARY_DIR}/tealeaf/${variant}")
    file(COPY "${tl_src}/original/" DESTINATION "${tree}"
         FILES_MATCHING PATTERN "*.c" PATTERN "*.h"
         PATTERN "diffuse.c" EXCLUDE PATTERN "serial" EXCLUDE)
    file(COPY_FILE "${tl_diffuse}" "${tree}/diffuse.c" ONLY_IF_DIFFERENT)
    if(variant STREQUAL "c66cafb_syncwarp")
      file(COPY "${tl_cuda}/c66cafb/" DESTINATION "${tree}/c_kernels/cuda"
           FILES_MATCHING PATTERN "*.cu" PATTERN "*.h" PATTERN "cuknl_shared.h" EXCLUDE)
      file(COPY_FILE "${tl_stage}/patched/c66cafb_syncwarp/cuknl_shared.h"
           "${tree}/c_kernels/cuda/cuknl_shared.h" ONLY_IF_DIFFERENT)
    else()
      file(COPY "${tl_cuda}/c66cafb/" DESTINATION "${tree}/c_kernels/cuda"
           FILES_MATCHING PATTERN "*.cu" PATTERN "*.h")
    endif()
    file(GLOB kernels "${tree}/c_kernels/cuda/*.cu")
    list(TRANSFORM tl_driver PREPEND "${tree}/" OUTPUT_VARIABLE driver)
    set(name tealeaf.${variant})
    add_executable(${name} EXCLUDE_FROM_ALL ${driver} "${tree}/diffuse.c" ${kernels})
    set_source_files_properties(${driver} "${tree}/diffuse.c" PROPERTIES LANGUAGE CXX)
    # Upstream's Makefile: -I$(KERNELS_PATH) for everything, and for the
    # kernels nvcc -restrict -Xcompiler -O3 -O3 (here for sm_90).
    target_include_directories(${name} PRIVATE "${tree}" "${tree}/c_kernels/cuda")
    target_compile_features(${name} PRIVATE cxx_std_17)
    target_compile_options(${name} PRIVATE
      "$<$<COMPILE_LANGUAGE:CUDA>:-restrict;-Xcompiler=-O3>")
    target_link_libraries(${name} PRIVATE MPI::MPI_CXX CUDA::cudart)
    set_target_properties(${name} PROPERTIES CUDA_RUNTIME_LIBRARY Shared)
    target_compile_definitions(${name} PRIVATE TEALEAF_BENCH_CUDA)
  endforeach()
endfunction()
tealeaf_bench_targets()
