package contract

// RelevanceCut says where a ranked list of icons stops matching well, so the website shows the good
// matches first and the rest behind "show more" instead of padding every answer to its limit. A hit
// matches well when its score is at least RunnerUp times the second best score and Best times the best
// one: the runner-up, because an exact name match scores far above every other hit ("trash" 0.99, then
// trash-x 0.39), and the best, because a lone strong hit over a flat tail ("calender": calendar 0.37, the
// rest under 0.06) should stand alone. The edge's home page and static/site.js apply the same rule.
type RelevanceCut struct {
	RunnerUp float64 `json:"runner_up"`
	Best     float64 `json:"best"`
}

// Relevance is the website's cut-off between good matches and the rest.
var Relevance = RelevanceCut{RunnerUp: 0.5, Best: 0.25}

// Strong is how many of scores (ranked best first) match well; at least one when there are any.
func (c RelevanceCut) Strong(scores []float64) int {
	if len(scores) == 0 {
		return 0
	}
	floor := c.Best * scores[0]
	if len(scores) > 1 {
		floor = max(floor, c.RunnerUp*scores[1])
	}
	n := 1
	for n < len(scores) && scores[n] >= floor {
		n++
	}
	return n
}
