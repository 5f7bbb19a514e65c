package a2a

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/iconlib/iconlib/edge/library"
)

// Skill ids, as the card lists them and a data part's "skill" names them.
const (
	skillFindIcons    = "find-icons"
	skillIconDetails  = "icon-details"
	skillSearchGuides = "search-guides"
)

var skillIDs = []string{skillFindIcons, skillIconDetails, skillSearchGuides}

// request is what a message asks for, once its parts are read. Text parts make up the query unless the
// data part has one.
type request struct {
	Skill    string `json:"skill"`
	Query    string `json:"query"`
	ID       string `json:"id"`
	Category string `json:"category"`
	Limit    *int   `json:"limit"`
}

// readRequest collects the text parts and the data part (at most one, a JSON object) of a message, and
// checks the data part's fields. A part of another kind is [a2a.ErrUnsupportedContentType]; every other
// error wraps [a2a.ErrInvalidParams].
func readRequest(msg *a2a.Message) (request, error) {
	var req request
	var texts []string
	data := 0
	for _, p := range msg.Parts {
		switch c := p.Content.(type) {
		case a2a.Text:
			if t := strings.TrimSpace(string(c)); t != "" {
				texts = append(texts, t)
			}
		case a2a.Data:
			if data++; data > 1 {
				return req, invalid("send at most one data part")
			}
			if err := decodeData(c.Value, &req); err != nil {
				return req, err
			}
		default: // a file, a raw part: a content type this agent does not read (-32005)
			return req, a2a.NewError(a2a.ErrUnsupportedContentType,
				"only text and data parts are understood: send the words you would search with as text")
		}
	}
	req.Skill = strings.TrimSpace(req.Skill)
	req.Query = strings.TrimSpace(req.Query)
	req.ID = strings.TrimSpace(req.ID)
	req.Category = strings.TrimSpace(req.Category)
	if req.Query == "" {
		req.Query = strings.Join(texts, "\n")
	}
	switch {
	case req.Skill != "" && !slices.Contains(skillIDs, req.Skill):
		return req, invalid(fmt.Sprintf("unknown skill %q; the skills are %s", req.Skill, strings.Join(skillIDs, ", ")))
	case req.Query == "" && req.ID == "":
		return req, invalid(`send text, or a data part with "query" or "id"`)
	}
	return req, nil
}

// decodeData reads a data part's object into req, refusing unknown fields and wrong types.
func decodeData(v any, req *request) error {
	if _, ok := v.(map[string]any); !ok {
		return invalid("the data part must be a JSON object")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return invalid("the data part is not JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(req); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return invalid(fmt.Sprintf("data field %q must be %s", typeErr.Field, dataTypes[typeErr.Field]))
		}
		return invalid(`the data part takes only "skill", "query", "id", "category" and "limit": ` + err.Error())
	}
	return nil
}

var dataTypes = map[string]string{
	"skill": "a string", "query": "a string", "id": "a string", "category": "a string", "limit": "an integer",
}

// refused is the error for a library error, the one place A2A maps them: a parameter out of bounds is an
// invalid-params error in the library's words; anything else passes on as it is.
func refused(err error) error {
	if invalid, ok := errors.AsType[*library.InvalidError](err); ok {
		return a2a.NewError(a2a.ErrInvalidParams, invalid.Message)
	}
	return err
}

// invalid is the SDK's invalid-params error (-32602) with a message for the caller.
func invalid(message string) error {
	return a2a.NewError(a2a.ErrInvalidParams, message)
}
