package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// JournalName is the file in a sweep's output directory that holds one
// finished point per line; it is what makes a sweep resumable and what
// Merge joins.
const JournalName = "points.jsonl"

// entry is one journal line: a point's row and what computing it cost.
type entry struct {
	Row
	// CostSeconds is the CPU time the point's simulation took on its
	// worker's thread (bnb.Fast and bnb.Simulate run on one goroutine; the
	// worker is locked to its thread), so it does not grow when other
	// processes share the cores; without a thread clock (not Linux) it is
	// wall-clock time. It is journalled, and sweep and merge report the
	// sum, but it is no result: the results files leave it out, so a
	// sharded sweep writes the same results as one run.
	CostSeconds float64 `json:"cost_seconds"`
}

// readJournal reads the entries of dir's journal by key; a missing journal
// is empty. A torn last line (a sweep killed mid-write) is dropped, so its
// point runs again; any other bad line is an error naming it.
func readJournal(dir string) (map[string]entry, error) {
	path := filepath.Join(dir, JournalName)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]entry{}, nil
	}
	if err != nil {
		return nil, err
	}
	rows := map[string]entry{}
	for line, rest := 1, data; len(rest) > 0; line++ {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 { // torn: no newline was written after it
			break
		}
		var e entry
		if err := json.Unmarshal(rest[:i], &e); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		rows[e.Key()] = e
		rest = rest[i+1:]
	}
	return rows, nil
}

// journal appends finished rows to a sweep's journal.
type journal struct {
	f     *os.File
	w     *bufio.Writer
	lines int // written by this process
}

// openJournal opens dir's journal for appending, first cutting off a torn
// last line so that the next row starts a line of its own.
func openJournal(dir string) (*journal, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, JournalName)
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	keep := int64(bytes.LastIndexByte(data, '\n') + 1)
	if err := f.Truncate(keep); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(keep, 0); err != nil {
		f.Close()
		return nil, err
	}
	return &journal{f: f, w: bufio.NewWriter(f)}, nil
}

// add writes one entry as a line and flushes it, so a killed sweep loses at
// most the line being written.
func (j *journal) add(e entry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if _, err := j.w.Write(b); err != nil {
		return err
	}
	if err := j.w.Flush(); err != nil {
		return err
	}
	j.lines++
	if journalAdded != nil {
		journalAdded(j.lines)
	}
	return nil
}

// journalAdded, when set (by a test), is called after each line a journal
// writes with the number of lines written so far.
var journalAdded func(lines int)

func (j *journal) close() error { return j.f.Close() }
