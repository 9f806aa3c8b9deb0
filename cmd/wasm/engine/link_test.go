package engine

import (
	"os"
	"strings"
	"testing"
)

// TestLinkProject benches a routine split over two files, linked as a project: the routine calls a
// function of the other file (undefined when the main file is assembled alone).
func TestLinkProject(t *testing.T) {
	src, err := os.ReadFile("../../../examples/speck64.S")
	if err != nil {
		t.Fatal(err)
	}
	main := strings.Replace(string(src), "speck64_128_encrypt:\n", "speck64_128_encrypt:\n\tcall helper\n", 1)
	files := map[string]string{"main.S": main, "helper.S": "\t.global helper\nhelper:\n\tret\n"}
	alone := Bench(Request{Files: files, Main: "main.S", Vectors: 3}, nil)
	if len(alone.Errors) == 0 || !strings.Contains(alone.Errors[0].Msg, "helper") {
		t.Fatalf("alone: want an undefined helper, got %+v", alone.Errors)
	}
	linked := Bench(Request{Files: files, Main: "main.S", Link: []string{"main.S", "helper.S"}, Vectors: 3}, nil)
	if linked.Report == nil || !linked.Report.Pass || linked.Report.CyclesMin != 1199+4+4 {
		t.Fatalf("linked: %+v %+v", linked.Errors, linked.Report)
	}
}

// TestLinkProjectInclude: with Link all .S on, a source the main file #includes is part of the main
// file, not linked a second time (its symbols would be defined twice).
func TestLinkProjectInclude(t *testing.T) {
	src, err := os.ReadFile("../../../examples/speck64.S")
	if err != nil {
		t.Fatal(err)
	}
	main := strings.Replace(string(src), "speck64_128_encrypt:\n", "speck64_128_encrypt:\n\tcall helper\n", 1) + "#include \"helper.S\"\n"
	files := map[string]string{"main.S": main, "helper.S": "\t.global helper\nhelper:\n\tret\n"}
	linked := Bench(Request{Files: files, Main: "main.S", Link: []string{"helper.S", "main.S"}, Vectors: 3}, nil)
	if len(linked.Errors) != 0 || linked.Report == nil || !linked.Report.Pass || linked.Report.CyclesMin != 1199+4+4 {
		t.Fatalf("linked with helper.S included: %+v %+v", linked.Errors, linked.Report)
	}
}
