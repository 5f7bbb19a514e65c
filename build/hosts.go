package build

import (
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/hostconf"
)

// fitStaticHost adds a static host's _headers and _redirects (contract.HostPages) to s, whose files are
// those the host serves (the site dropped those it leaves to the edge at edge): they send the files left
// to the edge and the edge's paths there. Every file the host serves is byte for byte the full build's.
func (s *site) fitStaticHost(edge contract.BaseURL) error {
	served := append(s.paths(), contract.ManifestFile) // the manifest comes last, and is served too
	if err := s.add(contract.HeadersFile, hostconf.Headers(hostconf.HeaderRules(served))); err != nil {
		return err
	}
	return s.add(contract.RedirectsFile, hostconf.Redirects(hostconf.EdgeRedirects(edge)))
}
