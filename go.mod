module github.com/avrlab/avrlab

go 1.26
