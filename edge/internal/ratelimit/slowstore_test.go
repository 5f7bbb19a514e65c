package ratelimit

import (
	"context"
	"io"
	"log/slog"
	"net"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/iconlib/iconlib/internal/redistest"
)

// slowProxy stands between the limiter and redis-server: it passes requests on at once and holds every
// other reply for delay, so about half the store's answers come after the limiter stopped waiting.
func slowProxy(t *testing.T, upstream string, delay time.Duration) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			server, err := net.Dial("tcp", upstream)
			if err != nil {
				client.Close()
				continue
			}
			go func() { io.Copy(server, client); server.Close() }()
			go func() {
				defer client.Close()
				buf := make([]byte, 32<<10)
				for held := false; ; held = !held {
					n, err := server.Read(buf)
					if err != nil {
						return
					}
					if held {
						time.Sleep(delay)
					}
					if _, err := client.Write(buf[:n]); err != nil {
						return
					}
				}
			}()
		}
	}()
	return ln.Addr().String()
}

// TestASlowStoreNeverAdmitsPastTheQuota (issue 51, item 5): four addresses, each sending from many
// goroutines at once (an edge saturated with their requests), against a Redis that answers every other call
// after the limiter's timeout. The limiter falls back to counting locally and back to the store again and
// again (the callers' clock passes many a RetryInterval within the window); no address gets more than its quota in the window, and the store's slowness does not refuse them
// below it. ICONLIB_SLOW_STORE_ATTEMPTS sets each address's requests (400; make bench-abuse sends more).
func TestASlowStoreNeverAdmitsPastTheQuota(t *testing.T) {
	attempts := 400
	if n, err := strconv.Atoi(os.Getenv("ICONLIB_SLOW_STORE_ATTEMPTS")); err == nil && n > 0 {
		attempts = n
	}
	redis := redistest.Start(t)
	store, err := OpenRedis("redis://"+slowProxy(t, redis.Addr, 60*time.Millisecond)+"/0", 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	l := NewLimiter(store, slog.New(slog.DiscardHandler))
	p := Policy{Name: "anonymous", Quota: 120, Window: time.Minute}
	addrs := []string{"192.0.2.1", "192.0.2.2", "198.51.100.7", "2001:db8::1"}
	// The callers' clock runs through 50 of the window's 60 seconds as the requests go, so the limiter tries
	// the store again every RetryInterval many times over.
	start, step := time.Now(), 50*time.Second/time.Duration(attempts*len(addrs))
	var ticks atomic.Int64
	var admitted [4]atomic.Int64
	var wg sync.WaitGroup
	for i, addr := range addrs {
		for range 32 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range attempts / 32 {
					now := start.Add(time.Duration(ticks.Add(1)) * step)
					if l.Take(context.Background(), p, addr, 1, now).Allowed {
						admitted[i].Add(1)
					}
				}
			}()
		}
	}
	wg.Wait()
	if l.StoreErrors() < 10 {
		t.Fatalf("the store timed out %d times: the test did not test a slow store", l.StoreErrors())
	}
	for i, addr := range addrs {
		got := admitted[i].Load()
		t.Logf("%s: %d of %d admitted", addr, got, attempts/32*32)
		if got > int64(p.Quota) || got < int64(p.Quota)/2 {
			t.Errorf("%s: %d admitted in one window; want at most the quota, %d, and not far below it", addr, got, p.Quota)
		}
	}
	t.Logf("%d store calls failed", l.StoreErrors())
}
