# Builds and installs tally as one binary that runs without a Swift toolchain.
#
#   make                          release build (static Swift runtime, stripped): .build/tally
#   make install PREFIX=~/.local  binary, man page and shell completions under PREFIX (default /usr/local)
#   make uninstall PREFIX=…       removes exactly what install put there
#   make check-installed PREFIX=… the installed binary needs no Swift library and runs in an empty environment;
#                                 then the CLI tests run against it (TALLY_BINARY)
#   make hostile PREFIX=…         the hostile sweep's classes (replace, write failure, signals, bounds,
#                                 FIFOs, escapes; docs/hostile.md) against the installed binary
#   make test                     swift test
#   make stress                   the full simulation of the statistics (SimulationCalibrationTests at 2,400 polls
#                                 a prior, every tie size, late options; docs/statistics.md): about 10 minutes
#   make format / make lint       swift format with the checked-in .swift-format; lint also checks TallyCore's
#                                 layers (.ci/layers.py, docs/layers.md)
#
# GNU Make. The release build takes several minutes on a small machine.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
STRIP ?= strip

# The commit embedded in `tally --version`; "-dirty" when the work tree has changes. Empty without git,
# and then the binary says "commit unknown".
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null)
ifneq ($(COMMIT),)
DIRTY := $(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty)
COMMIT_FLAGS := -Xcc -DTALLY_COMMIT=$(COMMIT)$(DIRTY)
endif

RELEASE_FLAGS := -c release --static-swift-stdlib $(COMMIT_FLAGS)
FORMAT_PATHS := Sources Tests Plugins Package.swift
# The checked-in configuration (see DECISIONS.md, Formatting).
FORMAT_CONFIG := .swift-format

bindir := $(DESTDIR)$(PREFIX)/bin
man1dir := $(DESTDIR)$(PREFIX)/share/man/man1
bashdir := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
zshdir := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
fishdir := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build install uninstall check-installed hostile test stress format lint

all: build

# Always asks SwiftPM (it knows what changed); the stripped copy is what gets installed.
build:
	$(SWIFT) build $(RELEASE_FLAGS) --product tally
	$(STRIP) -o .build/tally "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tally"
	@ls -l .build/tally

install: build
	install -d "$(bindir)" "$(man1dir)" "$(bashdir)" "$(zshdir)" "$(fishdir)"
	install -m 755 .build/tally "$(bindir)/tally"
	install -m 644 docs/tally.1 "$(man1dir)/tally.1"
	install -m 644 docs/completions/tally.bash "$(bashdir)/tally"
	install -m 644 docs/completions/_tally "$(zshdir)/_tally"
	install -m 644 docs/completions/tally.fish "$(fishdir)/tally.fish"

uninstall:
	rm -f "$(bindir)/tally" "$(man1dir)/tally.1" "$(bashdir)/tally" "$(zshdir)/_tally" "$(fishdir)/tally.fish"

# What the README promises of an installed tally, checked on the real file.
check-installed:
	@if ldd "$(bindir)/tally" | grep -Ei 'swift|Foundation|dispatch|BlocksRuntime'; then \
	  echo "Error: $(bindir)/tally links Swift toolchain libraries (above)" >&2; exit 1; fi
	@ldd "$(bindir)/tally"
	@if ldd "$(bindir)/tally" | grep 'libmicrohttpd'; then \
	  echo "Error: $(bindir)/tally links libmicrohttpd; tally serve loads it at run time, so tally runs without it" >&2; exit 1; fi
	@work=$$(mktemp -d) && env -i "$(bindir)/tally" --version \
	  && env -i "$(bindir)/tally" report --demo --format json >"$$work/report.json" \
	  && grep -q '"exclude_before": "2026-09-19T02:11:00+08:00"' "$$work/report.json" \
	  && env -i "$(bindir)/tally" weekly --demo --through 2026-10-03 --html --reports "$$work/en" \
	       --vote-url https://example.org/vote --site-url https://example.org/tally/en/ \
	       --share "$$work/en/share.png" >/dev/null \
	  && diff -r -x "*.png" -x .tally-pages.json reports/demo/en "$$work/en" && rm -r "$$work" \
	  || { echo "Error: $(bindir)/tally failed in an empty environment, or its weekly pages differ from reports/demo/en (above)" >&2; exit 1; }
	TALLY_BINARY="$(bindir)/tally" $(SWIFT) test --filter TallyCLITests

# The suites named Hostile* (docs/hostile.md), run against the installed binary.
hostile:
	TALLY_BINARY="$(bindir)/tally" $(SWIFT) test --filter Hostile

test:
	$(SWIFT) test

# The default test run checks the simulation's targets on a small sample; this runs the full counts.
stress:
	TALLY_STRESS=1 $(SWIFT) test --filter SimulationCalibrationTests

format:
	$(SWIFT) format format --configuration $(FORMAT_CONFIG) --in-place --recursive --parallel $(FORMAT_PATHS)

lint:
	$(SWIFT) format lint --configuration $(FORMAT_CONFIG) --strict --recursive --parallel $(FORMAT_PATHS)
	python3 .ci/layers.py
