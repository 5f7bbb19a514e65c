package kernel

import (
	"fmt"

	"github.com/iconlib/iconlib/internal/flat"
)

// Put appends the table to w as it is held, for GetBoundTable to use where it lies.
func (bt *BoundTable) Put(w *flat.Writer) {
	flat.Put(w, bt.rows)
	flat.Put(w, bt.bias)
	flat.Put(w, bt.scale)
	flat.Put(w, []float32{bt.err, bt.norm})
}

// GetBoundTable reads a table Put wrote, of n rows of dim components, checking every length the kernels
// rely on.
func GetBoundTable(r *flat.Reader, n, dim int) (BoundTable, error) {
	bt := BoundTable{stride: (dim + 3) &^ 3, width: (dim + 31) &^ 31}
	bt.rows, bt.bias, bt.scale = flat.Get[int8](r), flat.Get[int32](r), flat.Get[float32](r)
	errNorm := flat.Get[float32](r)
	if err := r.Err(); err != nil {
		return BoundTable{}, err
	}
	if len(bt.rows) != n*bt.stride+bt.width-bt.stride || len(bt.bias) != n || len(bt.scale) != n || len(errNorm) != 2 {
		return BoundTable{}, fmt.Errorf("a bound table of %d bytes, %d biases and %d scales is no table of %d rows of %d components",
			len(bt.rows), len(bt.bias), len(bt.scale), n, dim)
	}
	bt.err, bt.norm = errNorm[0], errNorm[1]
	return bt, nil
}
