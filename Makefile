# perfscribe top-level Makefile: thin wrapper around CMake.
#   make demo   - install missing Debian packages (as root), build, render the bundled sample
#   make test   - build and run every test suite through ctest
#   make check  - the fast subset of the suites (see docs/testing.md)
#   make asan   - the test suites under AddressSanitizer + UndefinedBehaviorSanitizer
#   make deb    - the Debian package build-deb/package/perfscribe_VERSION_ARCH.deb (CPack)
#   make memcheck, make fuzz, make bench - see README.md

BUILD    ?= build
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE    ?= cmake
PS       := $(BUILD)/perfscribe
# Debian packages needed to build, test and run the demo: the PDF fonts come through fontconfig
# (DejaVu Sans; WenQuanYi Micro Hei, a TrueType CJK font, for the Traditional Chinese sample);
# the tests read the PDFs back with poppler-utils, qpdf and mupdf-tools; the results store uses
# SQLite and libpq, and its tests start a throwaway PostgreSQL server; the package and install
# test: dpkg-dev for dpkg-shlibdeps, lintian, man-db and groff-base for the man pages,
# bash-completion and zsh for the completion scripts; audit reads papers given as PDF with
# poppler-glib (libpoppler-glib-dev: text with glyph positions, for lines and table columns);
# cmark-gfm (with its table extension) for the CommonMark texts of solution files, zlib to check PNG figures
DEB_PKGS := cmake make gcc pkg-config libxml2-dev libpcre2-dev libcairo2-dev libfontconfig-dev libhpdf-dev \
            libpoppler-glib-dev libcriterion-dev fonts-dejavu-core fonts-wqy-microhei poppler-utils qpdf mupdf-tools \
            libsqlite3-dev sqlite3 libpq-dev postgresql libcmark-gfm-dev libcmark-gfm-extensions-dev zlib1g-dev \
            dpkg-dev lintian man-db groff-base bash-completion zsh
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=

.PHONY: all deps build demo test deb asan memcheck fuzz bench clean

all: build

deps:
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
	  echo "make: no dpkg-query here (not Debian): not checking packages; CMake reports any missing library"; exit 0; \
	fi; \
	missing=""; for p in $(DEB_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "Missing Debian packages. Run as root:"; \
	    echo "  apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

$(BUILD)/CMakeCache.txt:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	$(CMAKE) --build $(BUILD) -j $(JOBS)

demo: build
	@bash samples/demo.sh $(PS)

# the fast subset while working: no test labelled slow, needs-postgres or needs-tools
# (cmake/PsTests.cmake); under 2 minutes on 2 cores. `make test` runs everything.
.PHONY: check
check: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE 'slow|needs-postgres|needs-tools'

# the PostgreSQL tests get a throwaway server (tests/pg_server.sh), stopped at the end
test: build
	cd $(BUILD) && bash $(CURDIR)/tests/pg_server.sh run ctest --output-on-failure -j $(JOBS)

# The package: a release build installed under /usr, Depends from dpkg-shlibdeps.
deb: deps
	$(CMAKE) -S . -B build-deb -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=/usr -DPS_TESTS=OFF $(CMAKE_FLAGS)
	$(CMAKE) --build build-deb -j $(JOBS)
	cd build-deb && cpack -G DEB -B package
	@ls build-deb/package/*.deb

asan: deps
	$(CMAKE) -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DPS_SANITIZE=ON -DPS_WERROR=ON
	$(CMAKE) --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  bash $(CURDIR)/tests/pg_server.sh run ctest --output-on-failure -j $(JOBS)

memcheck: build
	bash tests/memcheck.sh $(BUILD)

fuzz: deps
	bash tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

bench: build
	bash bench/run.sh $(PS)

clean:
	rm -rf $(BUILD) build-asan build-deb build-fuzz out
