#!/usr/bin/env bash
# A single-node Slurm on this machine, to try scripts/perft-slurm.sh for real: installs
# Debian's slurm-wlm and munge (and slurmdbd with MariaDB, so that sacct has accounting
# to read), writes a one-node configuration for localhost, and starts munged, mariadb,
# slurmdbd, slurmctld and slurmd. Needs root and no systemd (daemons are started
# directly; their pid files are under /run). Nothing outside this machine is touched.
#
# Usage: scripts/slurm-local.sh start | stop | status
set -euo pipefail
action="${1:-start}"
node="$(hostname -s)"
cluster=taflcount
dbpass=slurm-local-only

pid_of() { [ -s "$1" ] && cat "$1"; }
alive() { local p; p="$(pid_of "$1" 2>/dev/null)" && kill -0 "$p" 2>/dev/null; }

install() {
  if ! command -v slurmctld >/dev/null || ! command -v slurmdbd >/dev/null \
    || ! command -v munged >/dev/null || ! command -v mariadbd >/dev/null; then
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm slurmdbd munge mariadb-server
  fi
}

configure() {
  mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
  if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create --keyfile=/etc/munge/munge.key 2>/dev/null \
      || dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
  fi
  chown munge:munge /etc/munge/munge.key /run/munge
  chmod 400 /etc/munge/munge.key
  # The node as slurmd sees it (CPUs, sockets, cores, threads, memory).
  local hw
  hw="$(slurmd -C | head -1 | sed 's/ UpTime=.*//')"
  cat >/etc/slurm/slurm.conf <<CONF
# Written by scripts/slurm-local.sh: one node, localhost only.
ClusterName=$cluster
SlurmctldHost=$node
SlurmUser=root
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/linux
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=localhost
$hw State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
  cat >/etc/slurm/slurmdbd.conf <<CONF
# Written by scripts/slurm-local.sh.
AuthType=auth/munge
DbdHost=localhost
SlurmUser=root
StorageType=accounting_storage/mysql
StorageHost=localhost
StorageUser=slurm
StoragePass=$dbpass
StorageLoc=slurm_acct_db
LogFile=/var/log/slurm/slurmdbd.log
PidFile=/run/slurmdbd.pid
CONF
  chmod 600 /etc/slurm/slurmdbd.conf
}

wait_for() { # wait_for SECONDS COMMAND...
  local n="$1"; shift
  for _ in $(seq "$n"); do "$@" >/dev/null 2>&1 && return 0; sleep 1; done
  echo "slurm-local: timed out waiting for: $*" >&2
  return 1
}

start() {
  install
  configure
  alive /run/munge/munged.pid || runuser -u munge -- /usr/sbin/munged
  wait_for 10 munge -n
  if ! mysqladmin ping >/dev/null 2>&1; then
    mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld
    (mysqld_safe >/dev/null 2>&1 &)
    wait_for 30 mysqladmin ping
  fi
  mysql -e "CREATE DATABASE IF NOT EXISTS slurm_acct_db;
    CREATE USER IF NOT EXISTS 'slurm'@'localhost' IDENTIFIED BY '$dbpass';
    GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';"
  alive /run/slurmdbd.pid || slurmdbd
  wait_for 30 sacctmgr -n list cluster
  sacctmgr -i add cluster "$cluster" >/dev/null 2>&1 || true
  alive /run/slurmctld.pid || slurmctld
  wait_for 30 scontrol ping
  alive /run/slurmd.pid || slurmd
  wait_for 30 sh -c "sinfo -h -o %T | grep -qv -e down -e unk"
  scontrol update nodename="$node" state=resume >/dev/null 2>&1 || true
  status
}

stop() {
  # Each daemon by the pid in its own pid file; MariaDB through its admin client.
  for f in /run/slurmd.pid /run/slurmctld.pid /run/slurmdbd.pid; do
    if alive "$f"; then kill "$(cat "$f")"; fi
  done
  mysqladmin shutdown >/dev/null 2>&1 || true
  if alive /run/munge/munged.pid; then kill "$(cat /run/munge/munged.pid)"; fi
  echo "slurm-local: stopped"
}

status() {
  sinfo
  echo "accounting: $(sacctmgr -n list cluster format=cluster 2>/dev/null | xargs)"
}

case "$action" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
