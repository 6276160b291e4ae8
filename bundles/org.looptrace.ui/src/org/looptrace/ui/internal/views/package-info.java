// SPDX-License-Identifier: EPL-2.0
/**
 * The plumbing the views of a model share (the matrix, timeline and patterns views), written once:
 * following the model editor and the selections of the page, computing in a cancellable job whose
 * updates reach the view only while they are the latest, and the message line a bad input shows
 * in. Not API: exported to the bundles of those views only.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.ui.internal.views;
