package main

import (
	"fmt"
	"io"

	"sudokusim/rtl/area"
	"sudokusim/rtl/bnb"
	"sudokusim/rtl/prop"
)

// resources --design prop: version 3's estimate (rtl/area/prop.go).

// propConfig is prop.DefaultConfig with the resources flags (--cpc is the
// lanes; its bnb default of 8 applies only when given).
func (f resourceFlags) propConfig() (prop.Config, error) {
	c := prop.DefaultConfig()
	c.MaxOrder, c.ClockHz, c.Baud = f.maxOrder, f.clockMHz*1e6, f.baud
	if f.cpcSet {
		c.Lanes = f.cpc
	}
	var err error
	if c.Link, err = bnb.ParseLink(f.link); err != nil {
		return c, err
	}
	if c.Rules, err = prop.ParseRules(f.rules); err != nil {
		return c, err
	}
	if c.Branch, err = prop.ParseBranch(f.branch); err != nil {
		return c, err
	}
	if c.Probe, err = prop.ParseProbe(f.probe); err != nil {
		return c, err
	}
	if c.Visit, err = prop.ParseVisit(f.visit); err != nil {
		return c, err
	}
	return c, c.Validate()
}

func (f resourceFlags) estimateProp() (area.Report, string, error) {
	c, err := f.propConfig()
	if err != nil {
		return area.Report{}, "", err
	}
	r, err := area.EstimateProp(c)
	return r, fmt.Sprintf("propagating processor (version 3): max order %d, %d lanes, rules %s, branch %s, probe %s, visit %s, link %s "+
		"(uncalibrated structural estimate; RAMB16s exact)", c.MaxOrder, c.Lanes, c.Rules, c.Branch, c.Probe, c.Visit, c.Link), err
}

// writePropOrders says whether the same configuration fits the device at
// maximum orders 11 and 15, and what limits it.
func writePropOrders(w io.Writer, f resourceFlags, d area.Device) error {
	fmt.Fprintln(w)
	for _, m := range []int{11, 15} {
		g := f
		g.maxOrder = m
		c, err := g.propConfig()
		if err != nil {
			return err
		}
		r, err := area.EstimateProp(c)
		if err != nil {
			return err
		}
		fit := r.Fit(d)
		fmt.Fprintf(w, "At max order %d: %d slices (%d..%d), %d RAMB16s — %s the %s; limiting resource: %s.\n",
			m, r.Slices, r.SliceRange.Low, r.SliceRange.High, r.RAMB16, fit.Verdict, fit.Device, fit.Limiting)
	}
	return nil
}

// propDefaultRules and propDefaultBranch are version 3's defaults as flag
// values.
func propDefaultRules() string  { return prop.DefaultConfig().Rules.String() }
func propDefaultBranch() string { return prop.DefaultConfig().Branch.String() }
func propDefaultProbe() string  { return prop.DefaultConfig().Probe.String() }
func propDefaultVisit() string  { return prop.DefaultConfig().Visit.String() }
