package a2a

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"log/slog"
	"strconv"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/catalog"
)

// agent is the [a2asrv.AgentExecutor]: it answers every message at once with one Message and never creates
// a task.
type agent struct {
	lib  *library.Library
	base string
	log  *slog.Logger
}

// Execute implements [a2asrv.AgentExecutor]. Bad input ends the call with an invalid-params error; anything
// else, an unknown icon or an unavailable search included, is answered with a message.
func (a *agent) Execute(ctx context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		res, err := a.run(ec.Message)
		if err != nil {
			yield(nil, err)
			return
		}
		msg, err := a.reply(res)
		if err != nil {
			yield(nil, err)
			return
		}
		msg.ContextID = ec.ContextID
		noteReply(ctx, msg, res)
		yield(msg, nil)
	}
}

// Cancel implements [a2asrv.AgentExecutor]; with no tasks there is nothing to cancel.
func (a *agent) Cancel(context.Context, *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) { yield(nil, a2a.ErrTaskNotCancelable) }
}

// run reads the message, picks the skill and runs it.
func (a *agent) run(msg *a2a.Message) (result, error) {
	req, err := readRequest(msg)
	if err != nil {
		return nil, err
	}
	skill := chooseSkill(a.lib, req)
	if req.Category != "" && skill != skillFindIcons {
		return nil, invalid(`"category" applies to find-icons only`)
	}
	switch skill {
	case skillIconDetails:
		return a.iconDetails(req)
	case skillSearchGuides:
		return a.searchGuides(req)
	default:
		return a.findIcons(req)
	}
}

// reply is the agent's message for a result: the Markdown part, then the same result as a JSON data part.
// The data is a JSON object (not a Go struct) so that the 0.3 dialect passes it on unwrapped. The text and
// the JSON of a result that names its inputs (keyed) are made once per snapshot.
func (a *agent) reply(res result) (*a2a.Message, error) {
	r, err := a.render(res)
	if err != nil {
		return nil, err
	}
	text := a2a.NewTextPart(r.text)
	text.MediaType = "text/markdown"
	dataPart := a2a.NewDataPart(r.data)
	dataPart.MediaType = "application/json"
	return a2a.NewMessage(a2a.MessageRoleAgent, text, dataPart), nil
}

// result is a skill's answer; render.go writes each as Markdown, and it is marshalled as the data part.
type result interface {
	markdown(base string) string
}

// keyed is a result that names every input it depends on, so its rendering can be kept: "" when it
// cannot be (it carries an error).
type keyed interface {
	key() string
}

// rendered is a result as a reply carries it: Markdown, and the JSON object's members, each already
// encoded, so a reply encodes no result afresh (replies share it: no one changes it).
type rendered struct {
	text string
	data map[string]any // of json.RawMessage
}

func (a *agent) render(res result) (rendered, error) {
	render := func() (rendered, int, error) {
		b, err := json.Marshal(res)
		if err != nil {
			return rendered{}, 0, err
		}
		var members map[string]json.RawMessage
		if err := json.Unmarshal(b, &members); err != nil {
			return rendered{}, 0, err
		}
		r := rendered{text: strings.Clone(res.markdown(a.base)), data: make(map[string]any, len(members))}
		for k, v := range members {
			r.data[k] = v
		}
		return r, len(r.text) + len(b), nil
	}
	k, ok := res.(keyed)
	if !ok || k.key() == "" {
		r, _, err := render()
		return r, err
	}
	return library.Remember(a.lib, "a2a\x00"+k.key(), render)
}

func (r *iconsResult) key() string {
	if r.Error != nil {
		return ""
	}
	return skillFindIcons + "\x00" + r.Category + "\x00" + strconv.Itoa(r.Limit) + "\x00" + r.Query
}

func (r *guidesResult) key() string {
	if r.Error != nil {
		return ""
	}
	return skillSearchGuides + "\x00" + strconv.Itoa(r.Limit) + "\x00" + r.Query
}

// outcome is what every result starts with: the skill that ran, and an error when it could not answer.
type outcome struct {
	Skill string        `json:"skill"`
	Error *outcomeError `json:"error,omitempty"`
}

// outcomeError says why a skill could not answer, as the REST API would: code "unavailable".
type outcomeError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// iconsResult is find-icons' answer.
type iconsResult struct {
	outcome
	Query    string            `json:"query"`
	Category string            `json:"category,omitempty"`
	Limit    int               `json:"limit"`
	Total    int               `json:"total"`
	Items    []library.IconHit `json:"items"`
}

// detailsResult is icon-details' answer: the icon's record, or close matches for an unknown id.
type detailsResult struct {
	outcome
	ID          string            `json:"id"`
	Found       bool              `json:"found"`
	Icon        *catalog.Icon     `json:"icon,omitempty"`
	Suggestions []library.IconHit `json:"suggestions,omitempty"`
	labels      catalog.Labels    // how the Markdown names each platform: the library's
}

// guidesResult is search-guides' answer.
type guidesResult struct {
	outcome
	Query  string               `json:"query"`
	Limit  int                  `json:"limit"`
	Total  int                  `json:"total"`
	Items  []library.SectionHit `json:"items"`
	Guides []library.Guide      `json:"-"` // every guide, listed in Markdown when search is unavailable
}

func (a *agent) findIcons(req request) (result, error) {
	q, err := a.lib.Check(library.Query{Text: req.Query, Category: req.Category, Limit: req.Limit}, library.AgentIcons)
	if err != nil {
		return nil, refused(err)
	}
	res := &iconsResult{outcome: outcome{Skill: skillFindIcons}, Query: q.Text, Category: q.Category,
		Limit: q.Limit, Items: []library.IconHit{}}
	hits, err := a.lib.SearchIcons(q)
	if err != nil {
		res.Error = a.unavailable("icon search", err)
		return res, nil
	}
	res.Items, res.Total = hits, len(hits)
	return res, nil
}

func (a *agent) iconDetails(req request) (result, error) {
	id := req.ID
	if id == "" {
		id = req.Query
	}
	res := &detailsResult{outcome: outcome{Skill: skillIconDetails}, ID: iconID(id), labels: a.lib.About().Platforms}
	ic, err := a.lib.Lookup(res.ID)
	if nf, ok := errors.AsType[*library.NotFoundError](err); ok {
		res.Suggestions = nf.Suggestions // an unknown id is answered with the icons that come closest to it
		return res, nil
	}
	if err != nil {
		return nil, err
	}
	res.Found, res.Icon = true, &ic
	return res, nil
}

func (a *agent) searchGuides(req request) (result, error) {
	q, err := a.lib.Check(library.Query{Text: req.Query, Limit: req.Limit}, library.Guides)
	if err != nil {
		return nil, refused(err)
	}
	res := &guidesResult{outcome: outcome{Skill: skillSearchGuides}, Query: q.Text, Limit: q.Limit,
		Items: []library.SectionHit{}}
	hits, err := a.lib.SearchGuides(q)
	if err != nil {
		res.Error = a.unavailable("guide search", err)
		res.Guides = a.lib.Guides()
		return res, nil
	}
	res.Items, res.Total = hits, len(hits)
	return res, nil
}

// unavailable turns a search failure into the error a result carries; failures other than a missing index
// are logged.
func (a *agent) unavailable(what string, err error) *outcomeError {
	if !errors.Is(err, library.ErrSearchUnavailable) {
		a.log.Error("a2a: "+what+" failed", "err", err)
	}
	return &outcomeError{Code: "unavailable", Message: what + " is unavailable right now; retry in a moment"}
}
