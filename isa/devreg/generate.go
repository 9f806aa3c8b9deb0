package devreg

//go:generate go run ./internal/gen
