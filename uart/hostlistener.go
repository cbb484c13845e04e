package uart

// HostListener is the PC listening: a Receiver that collects every byte it
// receives.
type HostListener struct {
	*Receiver
	got []byte
}

// NewHostListener returns a listener of line in; capHint preallocates room
// for that many bytes.
func NewHostListener(name string, divisor uint32, in Line, capHint int) *HostListener {
	return &HostListener{Receiver: NewReceiver(name, divisor, in), got: make([]byte, 0, capHint)}
}

// Commit is the clock edge; a byte received is appended.
func (h *HostListener) Commit() {
	h.Receiver.Commit()
	if h.Receiver.Valid() {
		h.got = append(h.got, h.Receiver.Byte())
	}
}

// Bytes returns the bytes received so far (the listener's own slice).
func (h *HostListener) Bytes() []byte { return h.got }

// Take appends the bytes received since the last Take to dst and forgets
// them, so that a listener on a long session does not grow (Bytes then
// starts afresh).
func (h *HostListener) Take(dst []byte) []byte {
	dst = append(dst, h.got...)
	h.got = h.got[:0]
	return dst
}
