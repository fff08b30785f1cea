# Libraries perfscribe loads at first use with dlopen (io/dl/ps_dl.h) instead of linking:
# poppler-glib (audit on a PDF paper), libpq (a PostgreSQL results store) and libcurl (a direct
# write to InfluxDB). Their headers come
# from pkg-config as before; the binary does not link them, so no command pays their start-up.
#
# ps_lazy_library(PREFIX MACRO) reads PREFIX_LINK_LIBRARIES (pkg_check_modules), finds the
# library's SONAME with objdump -p (the name dlopen must be given, e.g. libpq.so.5) and the
# Debian package holding it (dpkg -S; without dpkg, Debian's naming rule: libpq.so.5 -> libpq5),
# and sets:
#   PS_LAZY_DEFINITIONS  += PS_SONAME_<MACRO>="..." PS_DEBPKG_<MACRO>="..."
#   PS_LAZY_INCLUDES     += the include folders
#   PS_LAZY_DEB_DEPENDS  += the Debian package (the .deb's Depends: dpkg-shlibdeps sees only
#                           NEEDED entries, and these libraries are no longer among them)
include(CheckSymbolExists)

if(NOT CMAKE_OBJDUMP)
  find_program(CMAKE_OBJDUMP objdump)
endif()
if(NOT CMAKE_OBJDUMP)
  message(FATAL_ERROR "objdump (Debian package binutils) is needed to read the SONAME of poppler-glib and libpq")
endif()
find_program(PS_DPKG dpkg)
mark_as_advanced(PS_DPKG)

macro(ps_lazy_library prefix macro_name)
  set(_lib "")
  foreach(_l ${${prefix}_LINK_LIBRARIES})
    if(NOT _lib)
      set(_lib "${_l}")   # the first is the library itself, the others its pkg-config extras
    endif()
  endforeach()
  if(NOT _lib OR NOT EXISTS "${_lib}")
    message(FATAL_ERROR "${prefix}: pkg-config gave no library file (${${prefix}_LINK_LIBRARIES})")
  endif()
  execute_process(COMMAND ${CMAKE_OBJDUMP} -p "${_lib}" OUTPUT_VARIABLE _dump RESULT_VARIABLE _rc)
  string(REGEX MATCH "SONAME +([^ \n]+)" _m "${_dump}")
  if(NOT _rc EQUAL 0 OR NOT CMAKE_MATCH_1)
    message(FATAL_ERROR "${prefix}: no SONAME in ${_lib}")
  endif()
  set(_soname "${CMAKE_MATCH_1}")
  set(_pkg "")
  if(PS_DPKG)
    get_filename_component(_real "${_lib}" REALPATH)
    execute_process(COMMAND ${PS_DPKG} -S "${_real}" OUTPUT_VARIABLE _owner RESULT_VARIABLE _rc ERROR_QUIET)
    if(_rc EQUAL 0 AND _owner MATCHES "^([^:, ]+)")
      set(_pkg "${CMAKE_MATCH_1}")
    endif()
  endif()
  if(NOT _pkg)   # Debian policy 8.1: libfoo.so.N -> libfooN, libfoo2.so.N -> libfoo2-N
    string(REGEX REPLACE "\\.so\\.([0-9]+).*$" "" _base "${_soname}")
    string(REGEX MATCH "\\.so\\.([0-9]+)" _m "${_soname}")
    set(_ver "${CMAKE_MATCH_1}")
    if(_base MATCHES "[0-9]$")
      set(_pkg "${_base}-${_ver}")
    else()
      set(_pkg "${_base}${_ver}")
    endif()
    string(TOLOWER "${_pkg}" _pkg)
  endif()
  message(STATUS "${prefix}: loaded at first use as ${_soname} (Debian package ${_pkg})")
  list(APPEND PS_LAZY_DEFINITIONS "PS_SONAME_${macro_name}=\"${_soname}\"" "PS_DEBPKG_${macro_name}=\"${_pkg}\"")
  list(APPEND PS_LAZY_INCLUDES ${${prefix}_INCLUDE_DIRS})
  list(APPEND PS_LAZY_DEB_DEPENDS "${_pkg}")
endmacro()

set(PS_LAZY_DEFINITIONS "")
set(PS_LAZY_INCLUDES "")
set(PS_LAZY_DEB_DEPENDS "")
ps_lazy_library(POPPLER_GLIB POPPLER_GLIB)
ps_lazy_library(LIBPQ LIBPQ)
ps_lazy_library(LIBCURL LIBCURL)   # convert -o influx:// (render/ts/ts_influx_http.c)
list(REMOVE_DUPLICATES PS_LAZY_INCLUDES)

# dlopen is in the C library since glibc 2.34; older ones (and some other systems) need -ldl
check_symbol_exists(dlopen dlfcn.h PS_DLOPEN_IN_LIBC)
if(PS_DLOPEN_IN_LIBC)
  set(PS_DL_LIBS "")
else()
  set(PS_DL_LIBS ${CMAKE_DL_LIBS})
endif()
