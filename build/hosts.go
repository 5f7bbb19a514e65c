package build

import (
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/hostconf"
)

// fitStaticHost makes s a static host's build (contract.HostPages): it drops the files the host leaves to
// the edge at edge, and adds the host's _headers and _redirects, which send them and the edge's paths
// there. Every file it keeps is byte for byte the full build's.
func (s *site) fitStaticHost(edge contract.BaseURL) error {
	for p := range s.files {
		if contract.LeftToEdge(p) {
			delete(s.files, p)
		}
	}
	served := append(s.paths(), contract.ManifestFile) // the manifest comes last, and is served too
	if err := s.add(contract.HeadersFile, hostconf.Headers(hostconf.HeaderRules(served))); err != nil {
		return err
	}
	return s.add(contract.RedirectsFile, hostconf.Redirects(hostconf.EdgeRedirects(edge)))
}
