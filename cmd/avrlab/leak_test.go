package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestLeakCommand checks avrlab leak's JSON on the AES-128 example (TVLA: a leak with its cycle
// and file:line, exit 1; CPA: all 16 key bytes at rank 0 within 500 traces), its text output, and its flag
// errors (exit 2).
func TestLeakCommand(t *testing.T) {
	aes := filepath.Join("..", "..", "examples", "aes128-t45.S")
	code, out, stderr := runCLI(t, "leak", "-json", "-traces", "2000", aes)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (a leak): %s", code, stderr)
	}
	var tv struct {
		MaxAbsT       float64 `json:"max_abs_t"`
		Traces        int     `json:"traces"`
		OverThreshold []struct {
			Cycle int
			Where string
		} `json:"over_threshold"`
	}
	if err := json.Unmarshal([]byte(out), &tv); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if tv.MaxAbsT <= 4.5 || tv.Traces != 2000 || len(tv.OverThreshold) == 0 || tv.OverThreshold[0].Where != "aes128-t45.S:191" {
		t.Errorf("tvla: max |t| %.2f, %d traces, first leak %+v", tv.MaxAbsT, tv.Traces, tv.OverThreshold[:min(1, len(tv.OverThreshold))])
	}
	sbox := false
	for _, p := range tv.OverThreshold {
		sbox = sbox || p.Where == "aes128-t45.S:139"
	}
	if !sbox {
		t.Error("no leak on the S-box lookup (aes128-t45.S:139)")
	}
	code, out, stderr = runCLI(t, "leak", "-test", "cpa", "-json", "-traces", "500", aes)
	var cpa struct {
		KeyRanks      []int `json:"key_ranks"`
		TracesToRank0 []int `json:"traces_to_rank0"`
	}
	if err := json.Unmarshal([]byte(out), &cpa); err != nil || code != 0 {
		t.Fatalf("exit %d %v: %s %s", code, err, out, stderr)
	}
	for k, r := range cpa.KeyRanks {
		if r != 0 || cpa.TracesToRank0[k] < 1 || cpa.TracesToRank0[k] > 500 {
			t.Errorf("key byte %d: rank %d, rank 0 from %d", k, r, cpa.TracesToRank0[k])
		}
	}
	if len(cpa.KeyRanks) != 16 {
		t.Errorf("%d key ranks", len(cpa.KeyRanks))
	}
	code, out, _ = runCLI(t, "leak", "-traces", "300", "-model", "hw", filepath.Join("..", "..", "examples", "aes128-masked.S"))
	if code != 0 || !strings.Contains(out, "no leak") || !strings.Contains(out, "window      cycles") {
		t.Errorf("masked: exit %d\n%s", code, out)
	}
	for _, bad := range [][]string{{"-model", "xy"}, {"-order", "3"}, {"-traces", "1"}, {"-test", "dpa"}, {"-noise", "-1"}, {"-window", "a"}, {"-sum", "0"}} {
		if code, _, stderr := runCLI(t, append(append([]string{"leak"}, bad...), aes)...); code != 2 {
			t.Errorf("%v: exit %d %s", bad, code, stderr)
		}
	}
	// A linked program (Intel HEX): the task and a call by address on the command line.
	hex := filepath.Join(t.TempDir(), "aes.hex")
	if code, _, stderr := runCLI(t, "asm", "-device", "attiny45", "-o", hex, aes); code != 0 {
		t.Fatalf("asm: %s", stderr)
	}
	code, out, stderr = runCLI(t, "leak", "-task", "aes128", "-call", "0x0(block, key)", "-traces", "200", hex)
	if code != 1 || !strings.Contains(out, "LEAKS") || !strings.Contains(out, "pc 0x") {
		t.Errorf("hex: exit %d\n%s%s", code, out, stderr)
	}
	if code, _, stderr := runCLI(t, "leak", "-h"); code != 2 || !strings.Contains(stderr, "usage: avrlab leak") {
		t.Errorf("-h: exit %d %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "leak", "-test", "cpa", "-traces", "10", filepath.Join("..", "..", "examples", "speck64.S")); code != 1 {
		t.Errorf("CPA of SPECK: exit %d %s", code, stderr)
	}
}
