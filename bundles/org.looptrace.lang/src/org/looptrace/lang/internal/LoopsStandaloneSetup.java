// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.looptrace.model.LooptracePackage;

import com.google.inject.Injector;

/** Sets the language up without the Equinox extension registry: on a plain class path (the CLI). */
@NonNullByDefault
public class LoopsStandaloneSetup extends LoopsStandaloneSetupGenerated {

	public static void doSetup() {
		new LoopsStandaloneSetup().createInjectorAndDoEMFRegistration();
	}

	@Override
	public Injector createInjectorAndDoEMFRegistration() {
		// The grammar imports the metamodel: without the extension registry nothing registers it,
		// and initializing the package does.
		LooptracePackage.eINSTANCE.getNsURI();
		return super.createInjectorAndDoEMFRegistration();
	}
}
