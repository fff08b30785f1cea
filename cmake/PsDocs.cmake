# Man pages and shell completion, generated at build time from the command table in cli/
# (the same text as --help) by ps_gendoc, and the install rules that put everything in its
# FHS place under CMAKE_INSTALL_PREFIX.
include(GNUInstallDirs)

# ps_gendoc: the generator (cli/gendoc/), linked with the front end's command table
file(GLOB_RECURSE PS_GENDOC_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/cli/gendoc/*.c)
add_executable(ps_gendoc ${PS_GENDOC_SRC})
target_link_libraries(ps_gendoc PRIVATE ps_cli)
target_include_directories(ps_gendoc PRIVATE ${CMAKE_BINARY_DIR}/include/ps_cli/private)   # cli.h

set(PS_DOC_DIR ${CMAKE_BINARY_DIR}/doc)
set(PS_DOC_STAMP ${PS_DOC_DIR}/gendoc.stamp)
add_custom_command(OUTPUT ${PS_DOC_STAMP}
  COMMAND ${CMAKE_COMMAND} -DGENDOC=$<TARGET_FILE:ps_gendoc> -DDIR=${PS_DOC_DIR}
          -DREVISION_H=${PS_GENERATED_DIR}/ps_revision.h -DSTAMP=${PS_DOC_STAMP}
          -P ${CMAKE_SOURCE_DIR}/cmake/gendoc.cmake
  DEPENDS ps_gendoc ${PS_GENERATED_DIR}/ps_revision.h ${CMAKE_SOURCE_DIR}/cmake/gendoc.cmake ${CMAKE_SOURCE_DIR}/cmake/debian/changelog
  COMMENT "Generating man pages and shell completion")
add_custom_target(ps_docs ALL DEPENDS ${PS_DOC_STAMP})

# `cmake --install` and cpack install what was built and never build: cpack's "preinstall" step
# would otherwise rebuild (and relink build/perfscribe) while other tests run that binary
# (tests/cli/install_package.sh runs next to them under ctest -j). `make deb` builds first.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY TRUE)
install(TARGETS perfscribe RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PS_DOC_DIR}/man/ DESTINATION ${CMAKE_INSTALL_MANDIR} FILES_MATCHING PATTERN "*.gz")
install(FILES ${PS_DOC_DIR}/perfscribe.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME perfscribe)
install(FILES ${PS_DOC_DIR}/_perfscribe DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${CMAKE_SOURCE_DIR}/cmake/debian/copyright ${PS_DOC_DIR}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${CMAKE_SOURCE_DIR}/samples/thresholds/esrp-extra.thresholds
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
