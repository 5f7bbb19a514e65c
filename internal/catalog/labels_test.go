package catalog

import (
	"reflect"
	"strings"
	"testing"
)

// TestForReadsEveryField: Code.For and Install.For know every field by its JSON name, so a label in
// templates/platforms.json can name any of them.
func TestForReadsEveryField(t *testing.T) {
	for _, v := range []any{&Code{}, &Install{}} {
		rv := reflect.ValueOf(v).Elem()
		for i := 0; i < rv.NumField(); i++ {
			key, _, _ := strings.Cut(rv.Type().Field(i).Tag.Get("json"), ",")
			rv.Field(i).SetString("value of " + key)
		}
		for i := 0; i < rv.NumField(); i++ {
			key, _, _ := strings.Cut(rv.Type().Field(i).Tag.Get("json"), ",")
			var got string
			switch v := v.(type) {
			case *Code:
				got = v.For(key)
			case *Install:
				got = v.For(key)
			}
			if got != "value of "+key {
				t.Errorf("%T.For(%q) = %q", v, key, got)
			}
		}
	}
}
