# perfscribe top-level Makefile: thin wrapper around CMake.
#   make demo   - install the missing Debian packages the build needs (as root), build the binary,
#                 render the bundled samples
#   make test   - the same plus the test tools and engines, build and run every suite through ctest
#   make asan   - the test suites under AddressSanitizer + UndefinedBehaviorSanitizer (all but the
#                 build checks: install and package, generated docs, layer probes)
#   make deb    - the Debian package build-deb/package/perfscribe_VERSION_ARCH.deb (CPack)
#   make memcheck, make fuzz, make bench - see README.md

BUILD    ?= build
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE    ?= cmake
PS       := $(BUILD)/perfscribe
# Debian packages per target (README "Set-up": the table says why each one is there); each
# target installs only what is missing from its own list (cmake/deps.sh: as root without
# Recommends and without starting any service, else it prints the apt-get line and stops).
# make build / make demo: the compiler, CMake, pkg-config, the libraries perfscribe links or loads
# (libpq, poppler-glib and libcurl at first use), the fonts the documents embed
PKGS_BUILD := make gcc libc6-dev cmake pkg-config \
              libxml2-dev libpcre2-dev libcairo2-dev libfontconfig-dev libhpdf-dev zlib1g-dev \
              libcmark-gfm-dev libcmark-gfm-extensions-dev libsqlite3-dev libpq-dev libpoppler-glib-dev libcurl4-openssl-dev \
              fonts-dejavu-core fonts-wqy-microhei
# make test / make asan / make memcheck: + Criterion, what the tests read outputs back with, the
# PostgreSQL server binaries (no default cluster, no service), the engines tests start throwaway;
# chromium? only where the archive has it; the de_DE.UTF-8 locale for the locale tests
PKGS_TEST  := $(PKGS_BUILD) libcriterion-dev python3 poppler-utils qpdf mupdf-tools libxml2-utils \
              fontconfig sqlite3 valgrind curl locales postgresql prometheus influxdb chromium?
LOCALES_TEST := de_DE.UTF-8
# make deb: + the package build (dpkg-shlibdeps, file for CPack) and what the install test checks
PKGS_DEB   := $(PKGS_BUILD) dpkg-dev file lintian man-db groff-base bash-completion zsh
# make fuzz: + clang with libFuzzer
PKGS_FUZZ  := $(PKGS_BUILD) clang libclang-rt-dev
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=

.PHONY: all deps deps-build deps-test deps-deb deps-fuzz build configure demo test deb asan memcheck fuzz bench clean

all: build
# one step at a time (the package install before the configure); cmake builds in parallel itself
.NOTPARALLEL:

deps-build:
	@bash cmake/deps.sh build $(PKGS_BUILD)
deps-test:
	@bash cmake/deps.sh test $(PKGS_TEST) -- $(LOCALES_TEST)
deps-deb:
	@bash cmake/deps.sh deb $(PKGS_DEB)
deps-fuzz:
	@bash cmake/deps.sh fuzz $(PKGS_FUZZ)
# every list at once (what .ci/run needs)
deps: deps-build deps-test deps-deb

# The test suites are configured when Criterion is there (make test installs it; make demo does
# not need it); make test turns them on in a build folder configured without.
TESTS_FLAG = -DPS_TESTS=$(shell pkg-config --exists criterion 2>/dev/null && echo ON || echo OFF)
$(BUILD)/CMakeCache.txt:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(TESTS_FLAG) $(CMAKE_FLAGS)

configure: $(BUILD)/CMakeCache.txt

build: deps-build configure
	$(CMAKE) --build $(BUILD) -j $(JOBS)

# the demo needs the binary only
demo: deps-build configure
	$(CMAKE) --build $(BUILD) -j $(JOBS) --target perfscribe
	@bash samples/demo.sh $(PS)

# the fast subset while working: no test labelled slow, needs-postgres or needs-tools
# (cmake/PsTests.cmake; docs/testing.md). `make test` runs everything.
.PHONY: check
check: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE 'slow|needs-postgres|needs-tools'

# the PostgreSQL tests get a throwaway server (tests/pg_server.sh), stopped at the end
test: deps-test configure
	@grep -q '^PS_TESTS:BOOL=ON' $(BUILD)/CMakeCache.txt || $(CMAKE) -S . -B $(BUILD) -DPS_TESTS=ON $(CMAKE_FLAGS)
	$(CMAKE) --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && bash $(CURDIR)/tests/pg_server.sh run ctest --output-on-failure -j $(JOBS)

# The package: a release build installed under /usr, Depends from dpkg-shlibdeps.
deb: deps-deb
	$(CMAKE) -S . -B build-deb -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=/usr -DPS_TESTS=OFF $(CMAKE_FLAGS)
	$(CMAKE) --build build-deb -j $(JOBS)
	cd build-deb && cpack -G DEB -B package
	@ls build-deb/package/*.deb

asan: deps-test
	$(CMAKE) -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DPS_SANITIZE=ON -DPS_WERROR=ON
	$(CMAKE) --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  bash $(CURDIR)/tests/pg_server.sh run ctest --output-on-failure -j $(JOBS) -LE build-check

memcheck: deps-test configure
	$(CMAKE) --build $(BUILD) -j $(JOBS)
	bash tests/memcheck.sh $(BUILD)

fuzz: deps-fuzz
	bash tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

bench: build
	bash bench/run.sh $(PS)

clean:
	rm -rf $(BUILD) build-asan build-deb build-fuzz out
