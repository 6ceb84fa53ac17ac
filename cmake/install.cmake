# `cmake --install` (and `make install`): the CLI, libfluxion.so with the API headers, the headers
# generated code includes, the standard library, and a CMake package (find_package(Fluxion),
# target Fluxion::fluxion). Paths inside the tree are found relative to the binaries
# (src/support/install_paths.hpp), so an installed tree may be moved.
include(CMakePackageConfigHelpers)

install(TARGETS fluxion RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS fluxion_embed EXPORT FluxionTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The runtime that `fluxion compile` links into AOT libraries (docs/codegen.md "AOT libraries").
install(TARGETS fluxion_rt ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/fluxion DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${CMAKE_SOURCE_DIR}/runtime/include/fluxion/fx_gen.h ${CMAKE_SOURCE_DIR}/runtime/include/fluxion/fx_rt.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fluxion)
# fx_rt.h includes the runtime's C layout of a tensor (tensors in generated code are fx_tensor*).
install(FILES ${CMAKE_SOURCE_DIR}/runtime/include/fluxion/runtime/tensor_abi.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fluxion/runtime)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/stdlib/ DESTINATION ${CMAKE_INSTALL_DATADIR}/fluxion/stdlib
        FILES_MATCHING PATTERN "*.fx" PATTERN "*.md")

set(fluxion_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/Fluxion)
install(EXPORT FluxionTargets NAMESPACE Fluxion:: DESTINATION ${fluxion_cmake_dir})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/FluxionConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/FluxionConfig.cmake INSTALL_DESTINATION ${fluxion_cmake_dir})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/FluxionConfigVersion.cmake VERSION 0.1.0
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/FluxionConfig.cmake ${CMAKE_BINARY_DIR}/FluxionConfigVersion.cmake
        DESTINATION ${fluxion_cmake_dir})
