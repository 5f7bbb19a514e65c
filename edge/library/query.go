package library

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Param is a search parameter, as an InvalidError names it.
type Param string

// The parameters a search takes on every surface.
const (
	ParamQuery    Param = "query"
	ParamCategory Param = "category"
	ParamLimit    Param = "limit"
)

// InvalidError is a search parameter its bounds refuse. Every surface answers it with Message, in the
// way its protocol reports bad input (REST: 400 invalid_parameter; MCP: a tool error; A2A: invalid
// params).
type InvalidError struct {
	Param   Param
	Message string
}

func (e *InvalidError) Error() string { return e.Message }

// Query is a search as a surface received it. Check turns it into the Search the library runs.
type Query struct {
	Text     string
	Category string // a category id, or "" for every category
	Limit    *int   // nil for the bounds' default
	Semantic bool   // rank by meaning alone
}

// Search is a checked query: trimmed text within its bounds, a category that exists or "", and a limit.
// Make one with Check; the library's own searches (suggestions) fill it in directly.
type Search struct {
	Text     string
	Category string
	Limit    int
	Semantic bool
}

// Check holds q to b: it trims the text, which must be valid UTF-8, not blank and at most
// b.QueryMaxRunes characters; the category must exist; the limit defaults to b.LimitDefault and must be
// 1 to b.LimitMax. The error is an *InvalidError.
func (l *Library) Check(q Query, b Bounds) (Search, error) {
	text, err := b.CheckText(q.Text)
	if err != nil {
		return Search{}, err
	}
	if err := l.CheckCategory(q.Category); err != nil {
		return Search{}, err
	}
	limit, err := b.CheckLimit(q.Limit)
	if err != nil {
		return Search{}, err
	}
	return Search{Text: text, Category: q.Category, Limit: limit, Semantic: q.Semantic}, nil
}

// CheckText trims a query's text and holds it to b.
func (b Bounds) CheckText(text string) (string, error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return "", &InvalidError{ParamQuery, fmt.Sprintf("the %s is empty: say what to search for", b.Query)}
	case !utf8.ValidString(text):
		return "", &InvalidError{ParamQuery, fmt.Sprintf("the %s is not valid UTF-8", b.Query)}
	case utf8.RuneCountInString(text) > b.QueryMaxRunes:
		return "", &InvalidError{ParamQuery, fmt.Sprintf("the %s is longer than %d characters", b.Query, b.QueryMaxRunes)}
	}
	return text, nil
}

// CheckLimit is limit within b, or b's default when nil.
func (b Bounds) CheckLimit(limit *int) (int, error) {
	if limit == nil {
		return b.LimitDefault, nil
	}
	if *limit < 1 || *limit > b.LimitMax {
		return 0, b.LimitError()
	}
	return *limit, nil
}

// LimitError is the error of a limit outside b, or of one that is not a whole number.
func (b Bounds) LimitError() *InvalidError {
	return &InvalidError{ParamLimit, fmt.Sprintf("limit must be a whole number from 1 to %d", b.LimitMax)}
}

// CheckCategory refuses a category id the library lacks; "" (every category) passes.
func (l *Library) CheckCategory(id string) error {
	if id == "" || l.HasCategory(id) {
		return nil
	}
	return &InvalidError{ParamCategory, l.UnknownCategory(id)}
}
