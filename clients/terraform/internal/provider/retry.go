package provider

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"time"
)

// retryingDoer retries a request the API answered 503 (a service busy or restarting) or 429,
// when repeating it cannot create a second object: every method but POST, and the POSTs that set
// a value (a cluster's slots and kubeconfig, a membership; not a cluster's metadata, which creates
// an entry). Four retries, 0.5 s to 4 s apart.
type retryingDoer struct {
	next  *http.Client
	waits []time.Duration
}

var (
	repeatablePost = regexp.MustCompile(`/clusters/[^/]+/[a-z-]+$|/members$`)
	creatingPost   = regexp.MustCompile(`/clusters/[^/]+/metadata$`)
)

func (d retryingDoer) Do(req *http.Request) (*http.Response, error) {
	repeatable := req.Method != http.MethodPost || (repeatablePost.MatchString(req.URL.Path) && !creatingPost.MatchString(req.URL.Path))
	var body []byte
	if req.Body != nil && repeatable {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		_ = req.Body.Close()
		body = b
	}
	for attempt := 0; ; attempt++ {
		if body != nil {
			req.Body = io.NopCloser(bytes.NewReader(body))
		}
		resp, err := d.next.Do(req)
		busy := err == nil && (resp.StatusCode == http.StatusServiceUnavailable || resp.StatusCode == http.StatusTooManyRequests)
		if !repeatable || !busy || attempt >= len(d.waits) {
			return resp, err
		}
		_ = resp.Body.Close()
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(d.waits[attempt]):
		}
	}
}
