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

// readJournal reads the rows of dir's journal by key; a missing journal is
// empty. A torn last line (a sweep killed mid-write) is dropped, so its
// point runs again; any other bad line is an error naming it.
func readJournal(dir string) (map[string]Row, error) {
	path := filepath.Join(dir, JournalName)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]Row{}, nil
	}
	if err != nil {
		return nil, err
	}
	rows := map[string]Row{}
	for line, rest := 1, data; len(rest) > 0; line++ {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 { // torn: no newline was written after it
			break
		}
		var r Row
		if err := json.Unmarshal(rest[:i], &r); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		rows[r.Key()] = r
		rest = rest[i+1:]
	}
	return rows, nil
}

// journal appends finished rows to a sweep's journal.
type journal struct {
	f *os.File
	w *bufio.Writer
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

// add writes one row as a line and flushes it, so a killed sweep loses at
// most the line being written.
func (j *journal) add(r Row) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if _, err := j.w.Write(b); err != nil {
		return err
	}
	return j.w.Flush()
}

func (j *journal) close() error { return j.f.Close() }
