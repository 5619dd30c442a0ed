package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The committed docs are what the field descriptions give (run `go run ./internal/docgen`).
func TestDocsAreCurrent(t *testing.T) {
	for path, text := range render("../..") {
		b, err := os.ReadFile(filepath.Join("../..", path))
		if err != nil || string(b) != text {
			t.Errorf("%s is not current: run `go run ./internal/docgen` in clients/terraform", path)
		}
	}
}
