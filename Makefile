# sudokusim — common tasks. `make test` is what CI runs (via .ci/run).
GO ?= go

.PHONY: test bench run lint fuzz plots compare slurm-e2e synth synth-report

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
	$(GO) test ./rtl/bnb -run '^$$' -fuzz FuzzBoard -fuzztime 30s
	$(GO) test ./uart -run '^$$' -fuzz FuzzFrameDecoder -fuzztime 30s

# The sweep behind docs/sweep (docs/resource-model.md §6; keep the two in step).
plots:
	$(GO) run ./cmd/sudokusim sweep --quiet --out docs/sweep --cpc 1,2,4,8 \
	  --heuristics none --heuristics paper --subset-units 1,16 --max-order 11,15 \
	  --max-cycles 100000000 \
	  ../shared/data/fpt09/puzzle03b.sudoku ../shared/data/fpt09/puzzle04a.sudoku \
	  ../shared/data/fpt09/puzzle05a.sudoku ../shared/data/fpt09/puzzle06a.sudoku
	rm docs/sweep/points.jsonl docs/sweep/sweep.json
	# The GA and engine-array sweeps behind docs/sweep-ga and docs/sweep-swarm
	# (docs/results.md; keep the two in step).
	$(GO) run ./cmd/sudokusim sweep --design ga --quiet --out docs/sweep-ga \
	  --population 16,64,256 --tournament 2,4 --mutation 0.05,0.25 --seeds 3 --max-cycles 1000000 \
	  ../shared/data/fpt09/puzzle03a.sudoku
	$(GO) run ./cmd/sudokusim sweep --design swarm --quiet --out docs/sweep-swarm \
	  --boards 1,2,4,8,16,32 --stack 256 --max-cycles 10000000 \
	  ../shared/data/fpt09/puzzle03a.sudoku ../shared/data/fpt09/puzzle03b.sudoku \
	  ../shared/data/fpt09/puzzle04a.sudoku ../shared/data/fpt09/puzzle08a.sudoku \
	  ../shared/data/fpt09/puzzle10a.sudoku

# The designs side by side behind docs/compare (docs/results.md): the FPT'09
# suite with a 10^5-cycle limit, the GA with two seeds. The JSON (300 KB,
# mostly GA fitness histories) is not kept in the repository.
compare:
	$(GO) run ./cmd/sudokusim compare --quiet --out docs/compare --max-cycles 100000 --seeds 2 \
	  ../shared/data/fpt09
	rm docs/compare/compare.json

# A one-node Slurm cluster on this machine runs a sharded sweep as a job
# array, one task pre-empted and resumed, and must match a local run
# (scripts/slurm-e2e.sh, docs/cluster.md). Needs root; about 40 s.
slurm-e2e:
	scripts/slurm-e2e.sh

# The Verilog twin through Yosys for the Virtex-II Pro beside the resource
# model (docs/resource-model.md §9; cached per configuration).
synth:
	$(GO) run ./cmd/sudokusim synth --max-order 3 --cpc 8

# The model-vs-Yosys table of docs/resource-model.md §9, per module, both
# versions (each configuration is a Yosys run: one to three minutes of CPU
# at m = 3, more above).
synth-report:
	# The model-vs-Yosys table of docs/resource-model.md §9.0, written to
	# docs/synth-table.md: every configuration Yosys finished (results are
	# cached per configuration; a fresh cache takes hours of CPU for this).
	{ $(GO) run ./cmd/sudokusim synth --table --heuristics none --max-order 3,5 --cpc 1,2,4,8,16,32 && \
	  $(GO) run ./cmd/sudokusim synth --table --heuristics none --max-order 7,9,11 --cpc 1 | tail -n +3 && \
	  $(GO) run ./cmd/sudokusim synth --table --heuristics paper --max-order 3 --cpc 1,2,4,8,16,32 | tail -n +3 && \
	  $(GO) run ./cmd/sudokusim synth --table --heuristics paper --max-order 5 --cpc 1,8 | tail -n +3; \
	} > docs/synth-table.md
