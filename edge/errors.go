package edge

import (
	"net/http"

	"github.com/iconlib/iconlib/edge/internal/apierror"
)

func notFound(w http.ResponseWriter, what string) {
	apierror.Write(w, http.StatusNotFound, apierror.NotFound, what)
}

func methodNotAllowed(w http.ResponseWriter, allow string) {
	w.Header().Set("Allow", allow)
	apierror.Write(w, http.StatusMethodNotAllowed, apierror.MethodNotAllowed, "this endpoint accepts only "+allow)
}

func unavailable(w http.ResponseWriter, what string) {
	apierror.Write(w, http.StatusServiceUnavailable, apierror.Unavailable, what+" could not be read; retry")
}
