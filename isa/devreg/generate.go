package devreg

// The devices are isa.DeviceNames() (TestDevices checks).
//go:generate go run ./internal/gen atmega128 atmega2560 atmega328p atmega4809 attiny45 attiny85 atxmega128a1
