package bnb

// RxCycles is the rx phase of docs/microarchitecture.md §3 for a frame
// whose deciding byte is the bytes-th, with a bit time of div cycles:
// exported for processors that share this front end's timing (rtl/prop).
func RxCycles(div uint64, bytes int) uint64 { return fastRxCycles(div, bytes) }

// TxCycles is the tx phase of §7 for an answer of bytes bytes.
func TxCycles(div uint64, bytes int) uint64 { return fastTxCycles(div, bytes) }
