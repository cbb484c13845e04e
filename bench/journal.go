package bench

import (
	"bufio"
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
// empty. A torn last line (a sweep killed mid-write) is dropped, so the
// point runs again; any other bad line is an error naming it.
func readJournal(dir string) (map[string]Row, error) {
	path := filepath.Join(dir, JournalName)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]Row{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows := map[string]Row{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	var pending error
	for sc.Scan() {
		line++
		if pending != nil {
			return nil, pending
		}
		var r Row
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			pending = fmt.Errorf("%s:%d: %v", path, line, err)
			continue
		}
		rows[r.Key()] = r
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rows, nil
}

// journal appends finished rows to a sweep's journal.
type journal struct {
	f *os.File
	w *bufio.Writer
}

func openJournal(dir string) (*journal, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, JournalName), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
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
