// Command reflectptr links reflect.typelinks (through reflect.SliceOf): DropTypelinks refuses it
// (typelinks_test.go).
package main

import (
	"os"
	"reflect"
)

type point struct{ x, y int }

func main() {
	if reflect.SliceOf(reflect.TypeOf(point{})) == reflect.TypeOf([]point{}) {
		os.Stdout.WriteString("the same type\n")
	}
}
