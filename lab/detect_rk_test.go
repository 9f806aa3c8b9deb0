package lab

import "testing"

func TestDetectRK(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"; avrlab task: cham64-128\n; avrlab call: CHAM_EncryptBlk(block)\n; avrlab rk: LUT_1\n", "LUT_1"},
		{"\ufeff// avrlab rk: rk_table\r\n", "rk_table"},
		{"; avrlab rk:\n", ""},
		{"; avrlab task: cham64-128\n", ""},
	} {
		if got := DetectRK([]byte(c.src)); got != c.want {
			t.Errorf("DetectRK(%q) = %q, want %q", c.src, got, c.want)
		}
	}
	// Beyond the first 20 lines it is not read.
	long := ""
	for i := 0; i < 20; i++ {
		long += "nop\n"
	}
	if got := DetectRK([]byte(long + "; avrlab rk: late\n")); got != "" {
		t.Errorf("a line past the first 20: %q", got)
	}
}
