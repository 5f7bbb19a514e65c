package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/edge/access"
)

func newKeysCmd() *cobra.Command {
	keys := &cobra.Command{
		Use:   "keys",
		Short: "Manage the key that signs agent credentials",
		Args:  cobra.NoArgs,
	}
	var keyFile, publicDir string
	rotate := &cobra.Command{
		Use:   "rotate",
		Short: "Replace the signing key, ending every identity assertion and access token at once",
		Long: `Replace the signing key in the key file with a new one (creating the file if it is missing).

The file is replaced atomically. Every running edge sharing the file uses the new key from its next
request on, so every identity assertion and access token issued before stops working at once (requests
with them get 401 invalid_token; agents register again, or go on without a token). There is no other
revocation.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r, err := access.RotateKey(keyFile, publicDir)
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(cmd.OutOrStdout(), r)
			return err
		},
	}
	f := rotate.Flags()
	f.StringVar(&keyFile, "key-file", access.DefaultKeyFile, "file holding the signing key (shared by every edge copy)")
	f.StringVar(&publicDir, "public", "public", "served directory the key file must not be inside")
	keys.AddCommand(rotate)
	return keys
}
