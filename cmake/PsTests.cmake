# Every tests/unit/test_*.c is one Criterion executable; every tests/cli/*.sh one CLI test.
# A test that needs ../shared and does not find it skips (Criterion cr_skip, shell exit 77).
#
# Labels (ctest -L / -LE; `make check` runs the tests without slow, needs-postgres, needs-tools):
#   unit            a Criterion suite                 cli    a shell test of the binary
#   slow            over ~20 s on a quiet 2-core machine
#   needs-postgres  a PostgreSQL server (make test starts a throwaway one: tests/pg_server.sh)
#   needs-tools     programs beyond the build's own (Chromium, valgrind, poppler-utils, qpdf, influxd,
#                   mupdf-tools, sqlite3, pg_dump, the Debian packaging tools)
#   build-check     checks of the build itself (install and package, generated docs, layer
#                   probes): no code path the other tests do not run, so `make asan` leaves them out
# Every test has a timeout: PS_TIMEOUT_UNIT, PS_TIMEOUT_CLI, PS_TIMEOUT_SLOW seconds.
set(PS_TIMEOUT_UNIT 300)
set(PS_TIMEOUT_CLI 600)
set(PS_TIMEOUT_SLOW 1800)
set(PS_SLOW_TESTS cli_byte_identity cli_install_package cli_hostile_user cli_summary_options cli_convert_parallel
    cli_safe_outputs cli_report_pdf_text cli_report_chromium cli_trend_samples cli_audit_cli cli_bad_inputs
    cli_help_table cli_jetstress_extra_objects cli_audit_sample cli_audit_phrasing
    # over ~25 s of test time each in the make check runs of 2026-12-02 (docs/testing.md)
    cli_hostile_pass2 cli_hostile_pass3 cli_analyze_pal_reference cli_analyze_real cli_report_audit_roundtrip
    cli_analyze_semantics cli_analyze_packs cli_convert_ts_engines cli_summary_sample cli_analyze_questions
    cli_report_lang_english_leak cli_report_html_print)
set(PS_POSTGRES_TESTS cli_store_backends cli_store_kill cli_store_migrate cli_convert_sql cli_pg_lib cli_lazy_libs
    cli_convert_fleet)
set(PS_TOOL_TESTS cli_report_chromium cli_convert_digits_valgrind cli_install_package cli_report_pdf_text
    cli_report_pdf_figures cli_report_rich cli_report_font_missing cli_store_kill cli_store_migrate cli_convert_sql
    cli_audit_pdf cli_convert_fleet cli_convert_jobs_bad cli_report_lang_english_leak cli_report_html_print)
set(PS_BUILD_CHECK_TESTS cli_install_package cli_readme_options layers_public layers_internal layers_private
    layers_pipeline_render)
# The seconds a test took in a whole run (2026-12-02, load 10; the longest only): ctest -j starts
# the costliest first when it has no timing of its own yet (a fresh clone), so that a long test
# does not start last and run alone at the end.
set(PS_TEST_COSTS cli_byte_identity 206 cli_bad_inputs 187 cli_install_package 114 cli_store_kill 108
    cli_store_backends 92 cli_analyze_pal_reference 80 cli_hostile_pass2 73 cli_analyze_real 71 cli_hostile_user 67
    cli_hostile_pass3 58 cli_analyze_semantics 58 cli_summary_options 53 cli_analyze_packs 47
    cli_report_audit_roundtrip 44 cli_analyze_questions 44 cli_audit_pdf 41 cli_report_pdf_text 40)
# ps_test_labels(NAME BASE_LABEL BASE_TIMEOUT): the labels and the timeout of one test
function(ps_test_labels name base timeout)
  set(labels ${base})
  if(name IN_LIST PS_SLOW_TESTS)
    list(APPEND labels slow)
    set(timeout ${PS_TIMEOUT_SLOW})
  endif()
  if(name IN_LIST PS_POSTGRES_TESTS)
    list(APPEND labels needs-postgres)
  endif()
  if(name IN_LIST PS_TOOL_TESTS)
    list(APPEND labels needs-tools)
  endif()
  if(name IN_LIST PS_BUILD_CHECK_TESTS)
    list(APPEND labels build-check)
  endif()
  set_tests_properties(${name} PROPERTIES LABELS "${labels}" TIMEOUT ${timeout})
  list(FIND PS_TEST_COSTS ${name} at)
  if(at GREATER -1)
    math(EXPR at "${at} + 1")
    list(GET PS_TEST_COSTS ${at} cost)
    set_tests_properties(${name} PROPERTIES COST ${cost})
  endif()
endfunction()
pkg_check_modules(CRITERION REQUIRED IMPORTED_TARGET criterion)
set(PS_SHARED_DIR "${CMAKE_SOURCE_DIR}/../shared" CACHE PATH "Third-party samples (read only, optional)")
file(GLOB PS_UNIT_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/test_*.c)
file(GLOB PS_TEST_HELPERS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/helpers/*.c)
foreach(src ${PS_UNIT_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src} ${PS_TEST_HELPERS})
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR}/tests/unit/helpers
                             ${PS_PARSER_DIRS} ${PS_MODEL_DIRS} ${PS_IO_DIRS} ${PS_RENDER_DIRS} ${CMAKE_SOURCE_DIR}/cli/pipeline)
  target_compile_definitions(${name} PRIVATE PS_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
                             PS_SHARED_DIR="${PS_SHARED_DIR}" PS_BINARY_DIR="${CMAKE_BINARY_DIR}"
                             ${PS_LAZY_DEFINITIONS})
  target_include_directories(${name} SYSTEM PRIVATE ${PS_LAZY_INCLUDES})   # test_dl: real tables
  target_link_libraries(${name} PRIVATE ps_pipeline ps_parser ps_render ps_io ps_model PkgConfig::CRITERION)
  if(name MATCHES "store")   # only the store's tests link the store (and SQLite)
    target_link_libraries(${name} PRIVATE ps_store)
  endif()
  add_test(NAME ${name} COMMAND ${name} --jobs 1 WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "LC_ALL=C;TZ=UTC")
  ps_test_labels(${name} unit ${PS_TIMEOUT_UNIT})
endforeach()
file(GLOB PS_CLI_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/cli/*.sh)
foreach(script ${PS_CLI_TESTS})
  get_filename_component(name ${script} NAME_WE)
  add_test(NAME cli_${name} COMMAND bash ${script} WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
  set_tests_properties(cli_${name} PROPERTIES SKIP_RETURN_CODE 77
    ENVIRONMENT "PERFSCRIBE=$<TARGET_FILE:perfscribe>;PS_TEXT2PDF=$<TARGET_FILE:ps_text2pdf>;PS_SOURCE_DIR=${CMAKE_SOURCE_DIR};PS_SHARED_DIR=${PS_SHARED_DIR};LC_ALL=C")
  ps_test_labels(cli_${name} cli ${PS_TIMEOUT_CLI})
endforeach()
# test helper: a text file laid out as a PDF with cairo (the audit PDF tests)
add_executable(ps_text2pdf ${CMAKE_SOURCE_DIR}/tests/audit/text2pdf.c)
target_link_libraries(ps_text2pdf PRIVATE PkgConfig::CAIRO PkgConfig::FONTCONFIG)
# layer probes (tests/layers/README.md): a wrong include fails to compile. Each probe is an
# object library outside `all` with the include path a target linking LIB gets (the transitive
# INTERFACE_INCLUDE_DIRECTORIES, without a build dependency on LIB); its test builds it (the
# probes share the build tree: one at a time)
foreach(probe public:ps_cli internal:ps_cli private:ps_cli pipeline_render:ps_pipeline)
  string(REPLACE ":" ";" probe ${probe})
  list(GET probe 0 what)
  list(GET probe 1 lib)
  add_library(ps_probe_${what} OBJECT EXCLUDE_FROM_ALL ${CMAKE_SOURCE_DIR}/tests/layers/probe_${what}.c)
  target_include_directories(ps_probe_${what} PRIVATE $<TARGET_PROPERTY:${lib},INTERFACE_INCLUDE_DIRECTORIES>)
  add_test(NAME layers_${what} COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target ps_probe_${what})
  if(what STREQUAL "public")
    set_tests_properties(layers_${what} PROPERTIES RESOURCE_LOCK ps_probes)
  else()
    file(STRINGS ${CMAKE_SOURCE_DIR}/tests/layers/probe_${what}.c inc REGEX "^#include")
    string(REGEX REPLACE "^#include \"(.*)\"$" "\\1" inc "${inc}")
    set_tests_properties(layers_${what} PROPERTIES RESOURCE_LOCK ps_probes
      PASS_REGULAR_EXPRESSION "${inc}: No such file")
  endif()
  ps_test_labels(layers_${what} unit ${PS_TIMEOUT_UNIT})
endforeach()
