//go:build !linux

package main

import (
	"errors"
	"os"
	"os/exec"
	"time"
)

var errNoProc = errors.New("needs Linux's /proc")

func cpuTime(int) (time.Duration, error) { return 0, errNoProc }

func residentBytes(int) (int64, error) { return 0, errNoProc }

func ownChild(*exec.Cmd) {}

// asBatch runs f: without Linux's batch policy, the generators run as the process does.
func asBatch(f func()) error {
	f()
	return nil
}

func peakResident(*os.ProcessState) (int64, error) { return 0, errNoProc }
