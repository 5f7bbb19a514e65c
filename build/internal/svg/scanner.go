package svg

import (
	"errors"
	"math"
	"strconv"
)

// errNoNumber reports that the input at the scanner position does not start a number.
var errNoNumber = errors.New("no number")

// errRange reports a number that does not fit a finite float64.
var errRange = errors.New("number out of range")

// scanner reads the tokens shared by path data and the points attribute: numbers, arc flags,
// whitespace and the optional comma between values.
type scanner struct {
	s   string
	pos int // byte offset of the next unread byte
	// comma reports that the last skipCommaWS consumed a comma, so a value must follow.
	comma bool
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func (sc *scanner) eof() bool { return sc.pos >= len(sc.s) }

// peek returns the next byte, or 0 at the end of the input.
func (sc *scanner) peek() byte {
	if sc.eof() {
		return 0
	}
	return sc.s[sc.pos]
}

func (sc *scanner) skipWS() {
	for !sc.eof() && isSpace(sc.s[sc.pos]) {
		sc.pos++
	}
}

// skipCommaWS skips whitespace with at most one comma in it and records whether it saw the comma.
func (sc *scanner) skipCommaWS() {
	sc.skipWS()
	sc.comma = sc.peek() == ','
	if sc.comma {
		sc.pos++
		sc.skipWS()
	}
}

// numberAhead reports whether the next byte can start a number.
func (sc *scanner) numberAhead() bool {
	c := sc.peek()
	return isDigit(c) || c == '.' || c == '+' || c == '-'
}

// number reads one number in the SVG grammar: an optional sign, digits with an optional fraction
// (either part may be empty, not both) and an optional exponent. An "e" not followed by exponent
// digits is left unread. On errNoNumber the position is unchanged.
func (sc *scanner) number() (float64, error) {
	s, i := sc.s, sc.pos
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && isDigit(s[i]); i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for ; i < len(s) && isDigit(s[i]); i++ {
			digits++
		}
	}
	if digits == 0 {
		return 0, errNoNumber
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			i = j
		}
	}
	v, err := strconv.ParseFloat(s[sc.pos:i], 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, errRange
	}
	sc.pos = i
	return v, nil
}

// flag reads an arc flag: a single "0" or "1", which needs no separator after it.
func (sc *scanner) flag() (bool, bool) {
	switch sc.peek() {
	case '0':
		sc.pos++
		return false, true
	case '1':
		sc.pos++
		return true, true
	}
	return false, false
}
