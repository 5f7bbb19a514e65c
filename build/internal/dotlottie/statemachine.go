package dotlottie

// StateMachine is a dotLottie state machine (s/<id>.json): playback states, each playing a marker of
// an animation, with transitions guarded by event inputs, and interactions (pointer events on the
// animation) that fire those inputs. Only what iconlib writes is modelled.
type StateMachine struct {
	ID           string        `json:"-"`
	Initial      string        `json:"initial"`
	States       []State       `json:"states"`
	Interactions []Interaction `json:"interactions,omitempty"`
	Inputs       []Input       `json:"inputs,omitempty"`
}

// State plays the marker Segment of Animation once when entered (or holds its first frame when
// Autoplay is off), then stays on its last frame.
type State struct {
	Type         string       `json:"type"` // PlaybackState
	Name         string       `json:"name"`
	Animation    string       `json:"animation"`
	Segment      string       `json:"segment"`
	Autoplay     bool         `json:"autoplay"`
	Loop         bool         `json:"loop"`
	EntryActions []Action     `json:"entryActions,omitempty"`
	Transitions  []Transition `json:"transitions"`
}

// PlaybackState is a state that plays segment (a marker) of animation.
func PlaybackState(name, animation, segment string, transitions ...Transition) State {
	return State{Type: "PlaybackState", Name: name, Animation: animation, Segment: segment, Autoplay: true,
		Transitions: append([]Transition{}, transitions...)}
}

// Transition goes to ToState when its guards hold.
type Transition struct {
	Type    string  `json:"type"` // Transition
	ToState string  `json:"toState"`
	Guards  []Guard `json:"guards"`
}

// On is the transition to state taken when the event input named event fires.
func On(event, state string) Transition {
	return Transition{Type: "Transition", ToState: state, Guards: []Guard{{Type: "Event", InputName: event}}}
}

// Guard holds when the event input InputName fires.
type Guard struct {
	Type      string `json:"type"` // Event
	InputName string `json:"inputName"`
}

// Input is an event input, which interactions and players fire by name.
type Input struct {
	Type string `json:"type"` // Event
	Name string `json:"name"`
}

// EventInput is the event input named name.
func EventInput(name string) Input { return Input{Type: "Event", Name: name} }

// Interaction runs its actions on a pointer event over the animation (PointerEnter, Click, …).
type Interaction struct {
	Type    string   `json:"type"`
	Actions []Action `json:"actions"`
}

// Fires is the interaction that fires event input input on the pointer event kind.
func Fires(kind, input string) Interaction {
	return Interaction{Type: kind, Actions: []Action{{Type: "Fire", InputName: input}}}
}

// Action is an action of an interaction or a state's entry: Fire an input, or SetFrame (Value, a frame
// of the animation).
type Action struct {
	Type      string   `json:"type"`
	InputName string   `json:"inputName,omitempty"`
	Value     *float64 `json:"value,omitempty"`
}
