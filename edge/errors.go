package edge

import (
	"net/http"

	"github.com/iconlib/iconlib/edge/internal/apierror"
)

func notFound(w http.ResponseWriter, what string) {
	apierror.Write(w, http.StatusNotFound, apierror.NotFound, what)
}

func unavailable(w http.ResponseWriter, what string) {
	apierror.Write(w, http.StatusServiceUnavailable, apierror.Unavailable, what+" could not be read; retry")
}
