# SPDX-License-Identifier: EPL-2.0
"""Writes an OTF2 archive with Debian's python3-otf2 from a plain-text description (stdin).

Lines:
  archive PATH                  the anchor is PATH/traces.otf2
  resolution TICKS_PER_SECOND
  ranks N ORDER...              N ranks; locations are defined in ORDER (a permutation of the ranks),
                                so location references are not ranks
  nompi                         no MPI group of locations (a trace without MPI)
  creator TEXT...               the creator the anchor names (none without this line)
  eztrace                       the region EZTrace 2.0 defines in every archive ("EZTrace finalize"),
                                and no creator, as EZTrace 2.0 writes its archives
  thread RANK                   a second (non-master) thread location of RANK, with one event
  comm NAME world|self|M,M,...  a communicator: every rank in order, COMM_SELF, or world ranks in its order
  region NAME mpi|user
  RANK TIME send|isend COMM PEER TAG LENGTH      PEER is a rank within COMM
  RANK TIME recv|irecv COMM PEER TAG LENGTH [REQUEST]   an irecv completes request REQUEST (default 7)
  RANK TIME irecvrequest REQUEST                  MPI_Irecv posted, as EZTrace 2.0 writes it
  RANK TIME cancelled REQUEST                     a request cancelled
  RANK TIME coll COMM OP SENT RECEIVED            OP is an OTF2_CollectiveOp number
  RANK TIME enter|leave REGION
Prints "comm NAME REF" for every communicator, in the order defined.
"""
import sys

import otf2
from otf2.enums import CollectiveOp, GroupType, LocationType, Paradigm, RegionRole


def main():
    lines = [line.split() for line in sys.stdin if line.strip()]
    setup = {words[0]: words[1:] for words in lines if not words[0].isdigit()}
    path = setup["archive"][0]
    resolution = int(setup["resolution"][0])
    ranks = int(setup["ranks"][0])
    order = [int(r) for r in setup["ranks"][1:]]
    with otf2.writer.open(path, timer_resolution=resolution) as trace:
        if "creator" in setup:
            trace.creator = " ".join(setup["creator"])
        defs = trace.definitions
        node = defs.system_tree_node("node")
        groups, locations = {}, {}
        for rank in order:
            groups[rank] = defs.location_group("MPI Rank %d" % rank, system_tree_parent=node)
            locations[rank] = defs.location("Master thread", type=LocationType.CPU_THREAD, group=groups[rank])
        if "nompi" not in setup:
            defs.group("MPI locations", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI,
                       members=[locations[r] for r in range(ranks)])
        comms, regions = {}, {}
        for words in lines:
            if words[0] == "comm":
                name, kind = words[1], words[2]
                if kind == "self":
                    group = defs.group(name + " group", group_type=GroupType.COMM_SELF, paradigm=Paradigm.MPI, members=[])
                else:
                    members = list(range(ranks)) if kind == "world" else [int(m) for m in kind.split(",")]
                    group = defs.group(name + " group", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                       members=members)
                comms[name] = defs.comm(name, group=group)
                print("comm", name, comms[name]._ref)
            elif words[0] == "eztrace":
                defs.region("EZTrace finalize", region_role=RegionRole.FUNCTION, paradigm=Paradigm.USER)
            elif words[0] == "region":
                mpi = words[2] == "mpi"
                regions[words[1]] = defs.region(words[1], region_role=RegionRole.FUNCTION,
                                                paradigm=Paradigm.MPI if mpi else Paradigm.USER)
        writers = {rank: trace.event_writer_from_location(locations[rank]) for rank in range(ranks)}
        for words in lines:
            if words[0] == "thread":
                rank = int(words[1])
                thread = defs.location("Worker thread", type=LocationType.CPU_THREAD, group=groups[rank])
                trace.event_writer_from_location(thread).enter(1, regions["worker"])
                trace.event_writer_from_location(thread).leave(2, regions["worker"])
        for words in lines:
            if not words[0].isdigit():
                continue
            rank, time, kind = int(words[0]), int(words[1]), words[2]
            writer = writers[rank]
            if kind in ("send", "isend", "recv", "irecv"):
                comm, peer, tag, length = comms[words[3]], int(words[4]), int(words[5]), int(words[6])
                if kind == "send":
                    writer.mpi_send(time, peer, comm, tag, length)
                elif kind == "isend":
                    writer.mpi_isend(time, peer, comm, tag, length, 7)
                elif kind == "recv":
                    writer.mpi_recv(time, peer, comm, tag, length)
                else:
                    writer.mpi_irecv(time, peer, comm, tag, length, int(words[7]) if len(words) > 7 else 7)
            elif kind == "irecvrequest":
                writer.mpi_irecv_request(time, int(words[3]))
            elif kind == "cancelled":
                writer.mpi_request_cancelled(time, int(words[3]))
            elif kind == "coll":
                writer.mpi_collective_begin(time)
                writer.mpi_collective_end(time, CollectiveOp(int(words[4])), comms[words[3]], 0xffffffff,
                                          int(words[5]), int(words[6]))
            elif kind == "enter":
                writer.enter(time, regions[words[3]])
            elif kind == "leave":
                writer.leave(time, regions[words[3]])
            else:
                raise ValueError("unknown event " + kind)


main()
