// Package flat writes arrays of fixed-size values (numbers, and structs of them without pointers) as
// little-endian bytes, each aligned to 8 bytes, and reads them back as slices over the bytes themselves:
// a program that loads a file of them uses the arrays where they lie, with no decoding, copying or
// allocating, whether the bytes were read or mapped. The build writes the edge's tables in their final
// form this way, so the edge starts without computing them.
//
// An array is its length in elements (uint64), then its elements, then zeros to the next multiple of 8
// bytes. The reader checks that every array lies within the bytes; what the values mean is the caller's
// to check.
package flat

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"
)

// align is the alignment of every array, from the start of the bytes: enough for any value of 8 bytes
// or fewer.
const align = 8

// ErrShort is wrapped by a Reader's error when an array runs past the end of its bytes.
var ErrShort = errors.New("array runs past the end")

// Writer appends arrays to a buffer. Its zero value is an empty buffer.
type Writer struct {
	b []byte
}

// Bytes returns what was written, a multiple of 8 bytes long.
func (w *Writer) Bytes() []byte { return w.b }

// Put appends s. T must be a number or a struct of numbers with no padding.
func Put[T any](w *Writer, s []T) {
	w.b = binary.LittleEndian.AppendUint64(w.b, uint64(len(s)))
	if len(s) > 0 {
		w.b = append(w.b, unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(s[0])))...)
	}
	for len(w.b)%align != 0 {
		w.b = append(w.b, 0)
	}
}

// PutUint appends one number, as an array of one uint64.
func PutUint(w *Writer, v uint64) { Put(w, []uint64{v}) }

// Reader reads arrays from bytes that start at an address aligned to 8 (what os.ReadFile and
// syscall.Mmap return are). It remembers the first error; after it, every read returns nil.
type Reader struct {
	b   []byte
	err error
}

// NewReader reads b, which must be aligned to 8, on a little-endian machine.
func NewReader(b []byte) *Reader {
	r := &Reader{b: b}
	switch {
	case binary.NativeEndian.Uint16([]byte{1, 0}) != 1:
		r.err = errors.New("flat arrays are read in place on little-endian machines only")
	case len(b) > 0 && uintptr(unsafe.Pointer(&b[0]))%align != 0:
		r.err = errors.New("flat arrays must start at an address aligned to 8 bytes")
	}
	return r
}

// Err is the first error of a read, or nil.
func (r *Reader) Err() error { return r.err }

// Len is the number of bytes left to read.
func (r *Reader) Len() int { return len(r.b) }

// Get reads the next array as a slice over the reader's bytes, which the caller must not change. T must
// be the type it was written as.
func Get[T any](r *Reader) []T {
	n := r.uint()
	var zero T
	size := uint64(unsafe.Sizeof(zero))
	if r.err != nil || size != 0 && n > uint64(len(r.b))/size {
		r.fail(fmt.Errorf("%w: %d elements of %d bytes with %d bytes left", ErrShort, n, size, len(r.b)))
		return nil
	}
	bytes := int(n * size)
	var s []T
	if n > 0 {
		s = unsafe.Slice((*T)(unsafe.Pointer(&r.b[0])), int(n))
	}
	r.b = r.b[min(len(r.b), (bytes+align-1)&^(align-1)):]
	return s[:len(s):len(s)]
}

// Uint reads one number PutUint wrote; 0 after an error.
func Uint(r *Reader) uint64 {
	s := Get[uint64](r)
	if len(s) != 1 {
		r.fail(fmt.Errorf("want one number, found %d", len(s)))
		return 0
	}
	return s[0]
}

// uint reads an array's length.
func (r *Reader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	if len(r.b) < 8 {
		r.fail(fmt.Errorf("%w: an array's length with %d bytes left", ErrShort, len(r.b)))
		return 0
	}
	n := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return n
}

func (r *Reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.b = nil
}

// Lists is a list of lists held in two arrays, so it holds no pointer per list: list i is
// vals[start[i]:start[i+1]].
type Lists[T any] struct {
	start []uint32
	vals  []T
}

// ListsOf flattens ls.
func ListsOf[T any](ls [][]T) Lists[T] {
	l := Lists[T]{start: make([]uint32, 1, len(ls)+1)}
	for _, s := range ls {
		l.vals = append(l.vals, s...)
		l.start = append(l.start, uint32(len(l.vals)))
	}
	return l
}

// Len is the number of lists.
func (l Lists[T]) Len() int { return max(len(l.start)-1, 0) }

// At is list i, which the caller must not change.
func (l Lists[T]) At(i int) []T {
	return l.vals[l.start[i]:l.start[i+1]:l.start[i+1]]
}

// Bounds is where list i lies in Values: Values()[lo:hi].
func (l Lists[T]) Bounds(i int) (lo, hi int) { return int(l.start[i]), int(l.start[i+1]) }

// Values is every list's values, one list after another.
func (l Lists[T]) Values() []T { return l.vals }

// PutLists appends l as two arrays.
func PutLists[T any](w *Writer, l Lists[T]) {
	Put(w, l.start)
	Put(w, l.vals)
}

// GetLists reads what PutLists wrote, checking that the lists lie in order within the values.
func GetLists[T any](r *Reader) Lists[T] {
	l := Lists[T]{start: Get[uint32](r), vals: Get[T](r)}
	if r.err != nil {
		return Lists[T]{}
	}
	if len(l.start) == 0 || l.start[0] != 0 || l.start[len(l.start)-1] != uint32(len(l.vals)) {
		r.fail(errors.New("lists do not cover their values"))
		return Lists[T]{}
	}
	for i := 1; i < len(l.start); i++ {
		if l.start[i] < l.start[i-1] {
			r.fail(fmt.Errorf("list %d starts before list %d", i, i-1))
			return Lists[T]{}
		}
	}
	return l
}
