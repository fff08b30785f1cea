# Every tests/unit/test_*.c is one Criterion executable; every tests/cli/*.sh one CLI test.
# A test that needs ../shared and does not find it skips (Criterion cr_skip, shell exit 77).
pkg_check_modules(CRITERION REQUIRED IMPORTED_TARGET criterion)
set(PS_SHARED_DIR "${CMAKE_SOURCE_DIR}/../shared" CACHE PATH "Third-party samples (read only, optional)")
file(GLOB PS_UNIT_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/test_*.c)
file(GLOB PS_TEST_HELPERS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/helpers/*.c)
foreach(src ${PS_UNIT_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src} ${PS_TEST_HELPERS})
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR}/tests/unit/helpers
                             ${PS_PARSER_DIRS} ${PS_MODEL_DIRS} ${PS_RENDER_DIRS} ${CMAKE_SOURCE_DIR}/cli/pipeline)
  target_compile_definitions(${name} PRIVATE PS_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
                             PS_SHARED_DIR="${PS_SHARED_DIR}" PS_BINARY_DIR="${CMAKE_BINARY_DIR}"
                             ${PS_LAZY_DEFINITIONS})
  target_include_directories(${name} SYSTEM PRIVATE ${PS_LAZY_INCLUDES})   # test_dl: real tables
  target_link_libraries(${name} PRIVATE ps_pipeline ps_parser ps_render ps_model PkgConfig::CRITERION)
  add_test(NAME ${name} COMMAND ${name} --jobs 1 WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "LC_ALL=C;TZ=UTC")
endforeach()
file(GLOB PS_CLI_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/cli/*.sh)
foreach(script ${PS_CLI_TESTS})
  get_filename_component(name ${script} NAME_WE)
  add_test(NAME cli_${name} COMMAND bash ${script} WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
  set_tests_properties(cli_${name} PROPERTIES SKIP_RETURN_CODE 77
    ENVIRONMENT "PERFSCRIBE=$<TARGET_FILE:perfscribe>;PS_TEXT2PDF=$<TARGET_FILE:ps_text2pdf>;PS_SOURCE_DIR=${CMAKE_SOURCE_DIR};PS_SHARED_DIR=${PS_SHARED_DIR};LC_ALL=C")
endforeach()
# test helper: a text file laid out as a PDF with cairo (the audit PDF tests)
add_executable(ps_text2pdf ${CMAKE_SOURCE_DIR}/tests/audit/text2pdf.c)
target_link_libraries(ps_text2pdf PRIVATE PkgConfig::CAIRO PkgConfig::FONTCONFIG)
