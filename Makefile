# sudokusim — common tasks. `make test` is what CI runs (via .ci/run).
GO ?= go

.PHONY: test bench run lint fuzz plots

test:
	$(GO) test ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

run:
	$(GO) run ./cmd/sudokusim solve

lint:
	@bad=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$bad" ]; then echo "gofmt:"; echo "$$bad"; exit 1; fi
	$(GO) vet ./...

fuzz:
	$(GO) test ./sudoku -run '^$$' -fuzz FuzzParseSudoku -fuzztime 30s
	$(GO) test ./sudoku -run '^$$' -fuzz FuzzParseLine -fuzztime 30s

plots:
	$(GO) run ./cmd/sudokusim sweep --out docs/sweep
