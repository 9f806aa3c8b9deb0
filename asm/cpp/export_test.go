package cpp

// PreprocessLong is Preprocess with every line read token by token (no plain lines), for tests that
// the two paths agree.
func PreprocessLong(file string, src []byte, cfg Config) ([]Line, error) {
	lines, _, err := preprocess(file, src, cfg, false)
	return lines, err
}

// PreprocessPlains says how many lines Preprocess takes as plain lines.
func PreprocessPlains(file string, src []byte, cfg Config) int {
	_, n, _ := preprocess(file, src, cfg, true)
	return n
}
