package bench

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/schollz/progressbar/v3"
)

// runParallel calls fn(0..n-1) on jobs workers (all cores when jobs ≤ 0)
// and returns the error of the lowest index that failed. With progress set
// it draws a progress bar named desc.
func runParallel(n, jobs int, progress io.Writer, desc string, fn func(i int) error) error {
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	var bar *progressbar.ProgressBar
	if progress != nil {
		bar = progressbar.NewOptions(n, progressbar.OptionSetWriter(progress),
			progressbar.OptionSetDescription(desc), progressbar.OptionShowCount(),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(progress) }))
	}
	errs := make([]error, n)
	var mu sync.Mutex
	var wg sync.WaitGroup
	ch := make(chan int)
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				errs[i] = fn(i)
				if bar != nil {
					mu.Lock()
					_ = bar.Add(1)
					mu.Unlock()
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		ch <- i
	}
	close(ch)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// writeFiles creates dir and writes each named file with its writer.
func writeFiles(dir string, files []string, write func(name string, w io.Writer) error) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, name := range files {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		err = write(name, f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("bench: %s: %w", name, err)
		}
	}
	return nil
}
