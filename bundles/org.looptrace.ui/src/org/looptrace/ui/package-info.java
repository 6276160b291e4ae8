// SPDX-License-Identifier: EPL-2.0
/**
 * The identifiers the LoopTrace IDE contributes (product, command, marker and content type ids, the
 * name of the model file "Model traces" writes), for tests and for the other UI bundles; what the
 * UI bundles' jobs and views of a model share (progress, the model of an editor, selecting a
 * construct in the model editor). The IDE's behaviour is internal and reached through plugin.xml.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.ui;
