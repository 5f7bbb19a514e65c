package library

import (
	"errors"
	"fmt"
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
)

// NotFoundError is an icon id no icon has, with the icons that come closest to it (none without search):
// every surface answers an unknown id with the same suggestions.
type NotFoundError struct {
	ID          string
	Suggestions []IconHit
}

func (e *NotFoundError) Error() string {
	msg := fmt.Sprintf("No icon has the id %q.", e.ID)
	if len(e.Suggestions) > 0 {
		ids := make([]string, len(e.Suggestions))
		for i, h := range e.Suggestions {
			ids[i] = h.ID
		}
		msg += " Did you mean " + strings.Join(ids, ", ") + "?"
	}
	return msg
}

// Is makes a NotFoundError an ErrNoIcon.
func (e *NotFoundError) Is(target error) bool { return target == ErrNoIcon }

// Lookup returns the icon with id, or a *NotFoundError with the Suggestions closest icons; other errors are
// the catalog's.
func (l *Library) Lookup(id string) (catalog.Icon, error) {
	ic, err := l.Icon(id)
	if !errors.Is(err, ErrNoIcon) {
		return ic, err
	}
	return ic, l.Suggest(id)
}

// Suggest is the NotFoundError of an id no icon has, for surfaces that answer from files. An id that is
// no icon query (blank, or longer than one) gets no suggestions, nor does any id without search.
func (l *Library) Suggest(id string) *NotFoundError {
	nf := &NotFoundError{ID: id}
	if text, err := RESTIcons.CheckText(id); err == nil {
		nf.Suggestions, _ = l.SearchIcons(Search{Text: text, Limit: Suggestions})
	}
	return nf
}
