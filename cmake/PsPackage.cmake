# `make deb` (cpack -G DEB in a build configured with CMAKE_INSTALL_PREFIX=/usr): a Debian
# package of what `cmake --install` installs. Depends is computed from the binary's shared
# libraries by dpkg-shlibdeps (Debian package dpkg-dev), plus the fonts the PDF output embeds
# and the libraries loaded at first use (poppler-glib, libpq).
set(PS_DEB_MAINTAINER "perfscribe maintainers <maintainers@users.noreply.a-seed-9b52925a.example>"
    CACHE STRING "Maintainer field of the Debian package")
set(PS_HOMEPAGE "" CACHE STRING "Homepage field of the Debian package (none when empty)")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME perfscribe)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${PS_DEB_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${PS_DEB_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "verified numbers and verdicts from PerfMon and Jetstress results")
# the extended description (CPack indents each line by one space)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
"perfscribe turns Windows Performance Monitor logs (relog and typeperf CSV
and TSV, native .blg) and Microsoft Exchange Jetstress results into verified
numbers, verdicts and submission-ready documents: counter statistics, relog
compatible conversion, recomputed Jetstress tables, threshold verdicts with
JUnit XML, audits of published ESRP papers, ESRP white papers in HTML and
PDF, and trend comparisons across runs.")
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# poppler-glib and libpq are loaded with dlopen (cmake/PsLazyLibs.cmake): not among the binary's
# NEEDED libraries, so dpkg-shlibdeps cannot see them; their packages are listed here
list(JOIN PS_LAZY_DEB_DEPENDS ", " _ps_lazy_depends)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, ${_ps_lazy_depends}")
# CJK text in PDF documents needs a TrueType CJK font (a clear error names it when missing)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-wqy-microhei")
if(PS_HOMEPAGE)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PS_HOMEPAGE}")
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
include(CPack)
