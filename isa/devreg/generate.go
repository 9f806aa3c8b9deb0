package devreg

// The devices are isa.DeviceNames() (TestDevices checks).
//go:generate go run ./internal/gen atmega128 atmega2560 atmega328p atmega4809 attiny45 attiny85 atxmega128a1

// Atmel's own device definition files, for the devices avra's package has one for (TestAtmelTables checks).
//go:generate go run ./internal/incgen -dir /usr/share/avra atmega128=m128def.inc atmega2560=m2560def.inc atmega328p=m328Pdef.inc attiny45=tn45def.inc attiny85=tn85def.inc
