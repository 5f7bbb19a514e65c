package ratelimit

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/redis/go-redis/v9"

	"github.com/iconlib/iconlib/internal/redistest"
)

// TestRedisKeysHoldOnlyCountsAndExpire: one key per policy and client, holding its count and deadline and
// nothing else, set to expire when its window closes; a refused request changes nothing.
func TestRedisKeysHoldOnlyCountsAndExpire(t *testing.T) {
	srv := redistest.Start(t)
	s, err := OpenRedis(srv.URL(), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l := NewLimiter(s, slog.New(slog.DiscardHandler))
	auth := Policy{Name: "auth", Quota: 2, Window: 10 * time.Second}
	ctx := context.Background()
	for range 3 {
		l.Take(ctx, auth, "192.0.2.1", 1, t0)
	}
	l.Take(ctx, agent, "reg_x", 1, t0)

	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr})
	defer rdb.Close()
	keys, err := rdb.Keys(ctx, "*").Result()
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(keys)
	authKey, agentKey := "iconlib:ratelimit:auth\x00192.0.2.1", "iconlib:ratelimit:agent\x00reg_x"
	if diff := cmp.Diff([]string{agentKey, authKey}, keys); diff != "" {
		t.Fatalf("keys (-want +got):\n%s", diff)
	}
	fields, err := rdb.HGetAll(ctx, authKey).Result()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"n": "2", "reset": strconv.FormatInt(t0.Add(auth.Window).UnixMilli(), 10)}
	if diff := cmp.Diff(want, fields); diff != "" {
		t.Errorf("what the key holds (-want +got):\n%s", diff)
	}
	for key, window := range map[string]time.Duration{agentKey: agent.Window, authKey: auth.Window} {
		ttl, err := rdb.PTTL(ctx, key).Result()
		if err != nil || ttl <= 0 || ttl > window {
			t.Errorf("%q expires in %v (%v); want within its window, %v", key, ttl, err, window)
		}
	}
}

// TestRedisSilentStoreTimesOut: a store that accepts connections and never answers fails the call after
// the timeout, rather than holding the request.
func TestRedisSilentStoreTimesOut(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // held open, unanswered, until the test ends
		}
	}()
	s, err := OpenRedis("redis://"+ln.Addr().String()+"/0", 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = s.Take(context.Background(), "anonymous\x00192.0.2.1", 1, 120, time.Minute, t0)
	if !errors.Is(err, context.DeadlineExceeded) && !isTimeout(err) {
		t.Errorf("want a timeout, got %v", err)
	}
}

func isTimeout(err error) bool {
	ne, ok := errors.AsType[net.Error](err)
	return ok && ne.Timeout()
}

func TestOpenRedisRefusesOtherURLs(t *testing.T) {
	for _, u := range []string{"memcached://127.0.0.1:11211", "redis://127.0.0.1:6379/notadb", "127.0.0.1:6379"} {
		if _, err := OpenRedis(u, time.Second); err == nil {
			t.Errorf("accepted %q", u)
		}
	}
	if got := Redacted("redis://user:secret@10.0.0.5:6379/0"); got != "redis://user:xxxxx@10.0.0.5:6379/0" {
		t.Errorf("redacted: %s", got)
	}
}
