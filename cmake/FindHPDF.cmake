# Find libharu (Debian's libhpdf-dev ships no pkg-config file).
# Defines HPDF_FOUND and the imported target HPDF::HPDF.
find_path(HPDF_INCLUDE_DIR hpdf.h)
find_library(HPDF_LIBRARY NAMES hpdf libhpdf)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(HPDF DEFAULT_MSG HPDF_LIBRARY HPDF_INCLUDE_DIR)
if(HPDF_FOUND AND NOT TARGET HPDF::HPDF)
  add_library(HPDF::HPDF UNKNOWN IMPORTED)
  set_target_properties(HPDF::HPDF PROPERTIES
    IMPORTED_LOCATION "${HPDF_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${HPDF_INCLUDE_DIR}")
endif()
mark_as_advanced(HPDF_INCLUDE_DIR HPDF_LIBRARY)
